import type { ReactNode } from 'react';
import { Body, Footer, Overlay, StyledDialog, StyledModal, Title } from './Dialog.styles';

export interface DialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  footer?: ReactNode;
  /** `alertdialog` for confirmations; such dialogs are not dismissed by clicking outside. */
  role?: 'dialog' | 'alertdialog';
  /** Whether a click outside closes the dialog (default true for `dialog`). */
  isDismissable?: boolean;
}

/** Controlled modal dialog (react-aria Modal + Dialog); the title fills the heading slot. */
export function Dialog({ title, isOpen, onOpenChange, children, footer, role = 'dialog', isDismissable = role === 'dialog' }: DialogProps) {
  return (
    <Overlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable}>
      <StyledModal>
        <StyledDialog role={role}>
          <Title slot="title">{title}</Title>
          <Body>{children}</Body>
          {footer && <Footer>{footer}</Footer>}
        </StyledDialog>
      </StyledModal>
    </Overlay>
  );
}
