import { Button, Dialog, Spinner, useMessages } from '@clinic/ui-kit';
import { useCallback, useId, type FormEvent, type ReactNode } from 'react';
import { FieldError, Label, TextArea, TextField as AriaTextField, Text } from 'react-aria-components';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { HttpError } from '../../../shared/api/http';

/** Building blocks of the admin set-up screens (layout and states); texts come from the callers. */

export const Stack = styled.div`
  display: grid;
  gap: var(--space-5);
  min-width: 0;
`;

export const FormGrid = styled.div`
  display: grid;
  gap: var(--space-4);
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: 768px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  & > [data-wide] {
    grid-column: 1 / -1;
  }
`;

export const InlineForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: var(--space-3);

  & > :first-child {
    flex: 1 1 220px;
  }

  & > button {
    margin-top: 28px;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  align-items: center;
`;

export const FormFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: var(--space-2);
`;

export const Muted = styled.p`
  margin: 0;
  color: var(--color-muted);
  font-size: var(--font-size-sm);
`;

export const Badge = styled.span`
  display: inline-block;
  padding: 0 var(--space-2);
  border-radius: var(--radius-full);
  font-size: var(--font-size-xs);
  line-height: 1.8;
  white-space: nowrap;
  background: var(--color-surface-alt);
  color: var(--color-muted);
  border: 1px solid var(--color-border);

  &[data-tone='on'] {
    background: var(--color-success-soft);
    color: var(--color-success);
    border-color: transparent;
  }

  &[data-tone='warn'] {
    background: var(--color-warning-soft);
    color: var(--color-warning);
    border-color: var(--color-warning);
    font-weight: 600;
  }
`;

const AlertBox = styled.p`
  margin: 0;
  padding: var(--space-2) var(--space-3);
  border-radius: var(--radius-md);
  background: var(--color-danger-soft);
  color: var(--color-danger);
  font-weight: 600;
  font-size: var(--font-size-sm);
`;

/** The form-level message of the specification, shown above the fields while any is invalid. */
export function FormAlert({ show }: { show: boolean }) {
  const t = useT();
  if (!show) return null;
  return <AlertBox role="alert">{t('errors.codes.VALIDATION_FAILED')}</AlertBox>;
}

const Centered = styled.div`
  display: grid;
  justify-items: center;
  gap: var(--space-3);
  padding: var(--space-6) var(--space-3);
  text-align: center;
`;

export function LoadingBlock() {
  const t = useT();
  return (
    <Centered>
      <Spinner label={t('app.loading')} />
    </Centered>
  );
}

/** Data that did not load: the notice (already shown by the HTTP client) and a retry. */
export function LoadErrorBlock({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const text = error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
  return (
    <Centered>
      <p role="alert">{text}</p>
      <Button variant="secondary" onPress={onRetry}>
        {t('adminSetup.common.retry')}
      </Button>
    </Centered>
  );
}

export const EmptyText = styled.p`
  margin: 0;
  padding: var(--space-4);
  text-align: center;
  color: var(--color-muted);
  background: var(--color-surface-alt);
  border-radius: var(--radius-md);
`;

/** Success messages (5 s) of add, update and delete. */
export function useSuccess(): (text: string) => void {
  const messages = useMessages();
  return useCallback((text: string) => void messages.show({ text, tone: 'success' }), [messages]);
}

export function ClinicRequired({ children }: { children?: ReactNode }) {
  const t = useT();
  return <EmptyText>{children ?? t('adminSetup.common.noClinic')}</EmptyText>;
}

const TextAreaRoot = styled(AriaTextField)`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;

  label {
    font-size: var(--font-size-sm);
    font-weight: 600;
  }

  textarea {
    width: 100%;
    min-height: 96px;
    padding: var(--space-2) var(--space-3);
    font: inherit;
    color: var(--color-text);
    background: var(--color-surface);
    border: 1px solid var(--color-border);
    border-radius: var(--radius-md);
    outline: none;
    resize: vertical;
  }

  textarea[data-focused] {
    border-color: var(--color-primary);
  }

  textarea[data-focus-visible] {
    box-shadow: var(--focus-ring);
  }

  textarea[data-invalid] {
    border-color: var(--color-danger);
    background: var(--color-danger-soft);
  }

  .error {
    font-size: var(--font-size-xs);
    color: var(--color-danger);
    font-weight: 600;
  }

  .required {
    margin-left: var(--space-1);
    color: var(--color-danger);
    font-size: var(--font-size-xs);
  }
`;

/**
 * Multi-line text field (the ui-kit has no TextArea yet; to be moved there): label, value,
 * the reason under it when invalid.
 */
export function TextAreaField({
  label,
  value,
  onChange,
  isRequired,
  isInvalid,
  errorMessage,
  description,
  requiredLabel,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
  isInvalid?: boolean;
  errorMessage?: string;
  description?: string;
  requiredLabel: string;
}) {
  return (
    <TextAreaRoot value={value} onChange={onChange} isRequired={isRequired} isInvalid={isInvalid} validationBehavior="aria">
      <Label>
        {label}
        {isRequired && (
          <span className="required" aria-hidden="true">
            {requiredLabel}
          </span>
        )}
      </Label>
      <TextArea />
      {description && <Text slot="description">{description}</Text>}
      <FieldError className="error">{errorMessage}</FieldError>
    </TextAreaRoot>
  );
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
        <FormFooter>
          <Button variant="secondary" onPress={onClose}>
            {t('adminSetup.common.cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={pending}>
            {t('adminSetup.common.save')}
          </Button>
        </FormFooter>
      }
    >
      <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
