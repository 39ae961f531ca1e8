import { ErrorState, Select } from '@clinic/ui-kit';
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

/** A part of the page whose data did not load: the notice and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  const text = error instanceof HttpError ? error.notice.text : t('errors.http.unexpected');
  return <ErrorState message={text} onRetry={onRetry} retryLabel={t('staffsPage.retry')} />;
}
