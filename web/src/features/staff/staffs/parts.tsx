import { Button, Select } from '@clinic/ui-kit';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { HttpError } from '../../../shared/api/http';
import { TIME_OPTIONS } from './schedule-time';

const TIME_ITEMS = TIME_OPTIONS.map((time) => ({ id: time, label: time }));

/** A 15-minute time of day chosen from a list (so nothing off the grid can be entered). */
export function TimeSelect(props: { label: string; value: string; onChange: (time: string) => void; errorMessage?: string; isRequired?: boolean }) {
  return (
    <Select
      label={props.label}
      items={TIME_ITEMS}
      selectedKey={props.value || null}
      onSelectionChange={props.onChange}
      isRequired={props.isRequired}
      isInvalid={Boolean(props.errorMessage)}
      errorMessage={props.errorMessage}
      placeholder="--:--"
    />
  );
}

export const FormError = styled.p`
  margin: 0;
  padding: var(--space-3);
  border-radius: var(--radius-md);
  background: var(--color-danger-soft);
  color: var(--color-danger);
  font-weight: 600;
`;

export const Form = styled.form`
  display: grid;
  gap: var(--space-4);
`;

export const Row = styled.div`
  display: grid;
  gap: var(--space-3);
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  align-items: start;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  justify-content: flex-end;
`;

export const Muted = styled.p`
  margin: 0;
  color: var(--color-muted);
  font-size: var(--font-size-sm);
`;

export const Empty = styled.p`
  margin: 0;
  padding: var(--space-4);
  border: 1px dashed var(--color-border);
  border-radius: var(--radius-md);
  color: var(--color-muted);
  text-align: center;
`;

const FailedBox = styled.div`
  display: grid;
  gap: var(--space-3);
  justify-items: start;
`;

/** A part of the page whose data did not load: the notice and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const text = error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
  return (
    <FailedBox>
      <p role="alert">{text}</p>
      <Button variant="secondary" size="sm" onPress={onRetry}>
        {t('staffsPage.retry')}
      </Button>
    </FailedBox>
  );
}

export const SubHeading = styled.h3`
  margin: 0;
  font-size: var(--font-size-md);
`;
