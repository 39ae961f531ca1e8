import type { ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { StyledTab, StyledTabList, StyledTabPanel, StyledTabs } from './Tabs.styles';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  selectedKey?: string;
  defaultSelectedKey?: string;
  onSelectionChange?: (id: string) => void;
  'aria-label': string;
  className?: string;
}

/** Tabs with panels (react-aria Tabs); ids are strings in and out. */
export function Tabs({ items, selectedKey, defaultSelectedKey, onSelectionChange, 'aria-label': ariaLabel, className }: TabsProps) {
  const controlled = selectedKey !== undefined ? { selectedKey } : {};
  return (
    <StyledTabs
      {...controlled}
      defaultSelectedKey={defaultSelectedKey}
      onSelectionChange={(key: Key) => onSelectionChange?.(String(key))}
      disabledKeys={items.filter((i) => i.isDisabled).map((i) => i.id)}
      className={className}
    >
      <StyledTabList aria-label={ariaLabel}>
        {items.map((item) => (
          <StyledTab key={item.id} id={item.id}>
            {item.label}
          </StyledTab>
        ))}
      </StyledTabList>
      {items.map((item) => (
        <StyledTabPanel key={item.id} id={item.id}>
          {item.content}
        </StyledTabPanel>
      ))}
    </StyledTabs>
  );
}
