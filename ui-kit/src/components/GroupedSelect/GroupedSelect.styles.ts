import styled from 'styled-components';
import { Header, ListBoxItem, ListBoxSection, Text } from 'react-aria-components';

export const Section = styled(ListBoxSection)`
  &:not(:first-child) {
    margin-top: var(--space-1);
    padding-top: var(--space-1);
    border-top: 1px solid var(--color-border);
  }
`;

export const SectionHeader = styled(Header)`
  padding: var(--space-1) var(--space-3);
  font-size: var(--font-size-xs);
  font-weight: 700;
  color: var(--color-muted);
`;

export const GroupedOption = styled(ListBoxItem)`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  column-gap: var(--space-2);
  min-height: 40px;
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-sm);
  cursor: pointer;
  outline: none;

  &[data-hovered],
  &[data-focused] {
    background: var(--color-primary-soft);
  }

  &[data-focus-visible] {
    box-shadow: inset 0 0 0 2px var(--color-focus);
  }

  &[data-selected] [slot='label'] {
    font-weight: 700;
    color: var(--color-primary);
  }

  &[data-selected]::after {
    content: '✓';
    grid-column: 2;
    grid-row: 1;
    color: var(--color-primary);
  }

  &[data-disabled] {
    color: var(--color-muted);
    cursor: not-allowed;
  }
`;

export const OptionLabel = styled(Text)`
  grid-column: 1;
`;

export const OptionDescription = styled(Text)`
  grid-column: 1;
  font-size: var(--font-size-xs);
  color: var(--color-muted);
`;
