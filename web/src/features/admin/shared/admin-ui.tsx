import { Button, Callout, Dialog, EmptyState, ErrorState, Inline, Spinner, useMessages } from '@clinic/ui-kit';
import { useCallback, useId, type FormEvent, type ReactNode } from 'react';
import { useT } from '../../../i18n';
import { HttpError } from '../../../shared/api/http';

/** Building blocks of the admin set-up screens (states and the form dialog); texts come from the callers. */

/** The form-level message of the specification, shown above the fields while any is invalid. */
export function FormAlert({ show }: { show: boolean }) {
  const t = useT();
  if (!show) return null;
  return (
    <Callout as="p" size="sm" role="alert">
      {t('errors.codes.VALIDATION_FAILED')}
    </Callout>
  );
}

export function LoadingBlock() {
  const t = useT();
  return <Spinner label={t('app.loading')} placement="block" />;
}

/** Data that did not load: the notice (already shown by the HTTP client) and a retry. */
export function LoadErrorBlock({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const text = error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
  return <ErrorState message={text} onRetry={onRetry} retryLabel={t('adminSetup.common.retry')} align="center" buttonSize="md" />;
}

/** Success messages (5 s) of add, update and delete. */
export function useSuccess(): (text: string) => void {
  const messages = useMessages();
  return useCallback((text: string) => void messages.show({ text, tone: 'success' }), [messages]);
}

export function ClinicRequired({ children }: { children?: ReactNode }) {
  const t = useT();
  return <EmptyState variant="filled">{children ?? t('adminSetup.common.noClinic')}</EmptyState>;
}

/** A dialog holding one form, with キャンセル and 保存 below it: every add and edit dialog of the set-up screens. */
export function FormDialog({
  title,
  onClose,
  pending,
  onSubmit,
  children,
}: {
  title: string;
  onClose: () => void;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  const t = useT();
  const formId = useId();
  return (
    <Dialog
      title={title}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      footer={
        <Inline justify="end">
          <Button variant="secondary" onPress={onClose}>
            {t('adminSetup.common.cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={pending}>
            {t('adminSetup.common.save')}
          </Button>
        </Inline>
      }
    >
      <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
