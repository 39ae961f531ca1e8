import styled from 'styled-components';
import { Tab, TabList, TabPanel, Tabs as RACTabs } from 'react-aria-components';

export const StyledTabs = styled(RACTabs)`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
`;

export const StyledTabList = styled(TabList)`
  display: flex;
  gap: var(--space-1);
  overflow-x: auto;
  border-bottom: 1px solid var(--color-border);
`;

export const StyledTab = styled(Tab)`
  position: relative;
  padding: var(--space-2) var(--space-4);
  min-height: 44px;
  display: inline-flex;
  align-items: center;
  white-space: nowrap;
  color: var(--color-muted);
  font-weight: 600;
  cursor: pointer;
  outline: none;
  border-radius: var(--radius-md) var(--radius-md) 0 0;

  &[data-hovered] {
    color: var(--color-text);
    background: var(--color-primary-soft);
  }

  &[data-pressed] {
    background: var(--color-border);
  }

  &[data-selected] {
    color: var(--color-primary);
  }

  &[data-selected]::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    bottom: -1px;
    height: 3px;
    border-radius: 3px 3px 0 0;
    background: var(--color-primary);
  }

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
  }

  &[data-disabled] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

export const StyledTabPanel = styled(TabPanel)`
  outline: none;

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
    border-radius: var(--radius-md);
  }
`;
