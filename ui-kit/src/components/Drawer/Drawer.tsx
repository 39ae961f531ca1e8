import type { ReactNode } from 'react';
import { CloseButton, DrawerBody, DrawerDialog, DrawerHeader, DrawerModal, DrawerOverlay, DrawerTitle } from './Drawer.styles';

export interface DrawerProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  placement?: 'left' | 'right';
  closeLabel?: string;
}

/** Modal side sheet, `var(--drawer-width)` (280px) wide; closes on Escape, outside click or the close button. */
export function Drawer({ isOpen, onOpenChange, title, children, placement = 'left', closeLabel = '閉じる' }: DrawerProps) {
  return (
    <DrawerOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <DrawerModal data-placement={placement}>
        <DrawerDialog>
          <DrawerHeader>
            <DrawerTitle slot="title">{title}</DrawerTitle>
            <CloseButton aria-label={closeLabel} onPress={() => onOpenChange(false)}>
              <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </CloseButton>
          </DrawerHeader>
          <DrawerBody>{children}</DrawerBody>
        </DrawerDialog>
      </DrawerModal>
    </DrawerOverlay>
  );
}
