import { Dialog } from '../Dialog/Dialog';
import { Button } from '../Button/Button';

export interface ConfirmDialogProps {
  isOpen: boolean;
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` for destructive confirmations (e.g. cancelling a reservation). */
  tone?: 'primary' | 'danger';
  isPending?: boolean;
  onConfirm: () => void;
  /** Also called on Escape. */
  onCancel: () => void;
}

/** Yes/no confirmation in an `alertdialog`; Escape counts as「いいえ」. */
export function ConfirmDialog({
  isOpen,
  message,
  title = '確認',
  confirmLabel = 'はい',
  cancelLabel = 'いいえ',
  tone = 'primary',
  isPending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      role="alertdialog"
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      footer={
        <>
          <Button variant="secondary" onPress={onCancel} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onPress={onConfirm} isPending={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message}
    </Dialog>
  );
}
