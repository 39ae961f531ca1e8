import styled from 'styled-components';
import { Button as RACButton, ListBox, ListBoxItem, Popover, Select as RACSelect, SelectValue } from 'react-aria-components';

export const StyledSelect = styled(RACSelect)`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;
`;

export const Trigger = styled(RACButton)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
  width: 100%;
  min-height: 44px;
  padding: var(--space-2) var(--space-3);
  font-size: var(--font-size-md);
  text-align: left;
  color: var(--color-text);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  cursor: pointer;
  outline: none;

  &[data-hovered] {
    border-color: var(--color-muted);
  }

  &[data-pressed] {
    background: var(--color-surface-alt);
  }

  &[data-focus-visible] {
    border-color: var(--color-primary);
    box-shadow: var(--focus-ring);
  }

  &[data-disabled] {
    cursor: not-allowed;
    color: var(--color-muted);
    background: var(--color-surface-alt);
  }

  [data-invalid] > & {
    border-color: var(--color-danger);
    background: var(--color-danger-soft);
  }

  & svg {
    flex: none;
    width: 18px;
    height: 18px;
    color: var(--color-muted);
  }
`;

export const Value = styled(SelectValue)`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;

  &[data-placeholder] {
    color: var(--color-muted);
  }
`;

export const StyledPopover = styled(Popover)`
  min-width: var(--trigger-width);
  max-height: 320px;
  overflow: auto;
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  box-shadow: var(--shadow-md);
`;

export const StyledListBox = styled(ListBox)`
  padding: var(--space-1);
  outline: none;
`;

export const Option = styled(ListBoxItem)`
  display: flex;
  align-items: center;
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

  &[data-selected] {
    font-weight: 700;
    color: var(--color-primary);
  }

  &[data-selected]::after {
    content: '✓';
    margin-left: auto;
  }

  &[data-disabled] {
    color: var(--color-muted);
    cursor: not-allowed;
  }
`;
