import { Button, Select } from '@clinic/ui-kit';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { Row, TimeSelect } from './parts';
import type { ScheduleProblem } from './schedule-time';
import type { Category, TimeRange } from './staffs.api';

const NO_CATEGORY = 'none';

export interface WorkingHours {
  start: string;
  end: string;
  breaks: TimeRange[];
  categoryId: string;
}

/** Start and end side by side; the remove button under them on phones, beside them from 768 px. */
const BreakRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: var(--space-2);
  align-items: end;

  > button {
    grid-column: 1 / -1;
    justify-self: start;
  }

  @media (min-width: 768px) {
    grid-template-columns: 1fr 1fr auto;

    > button {
      grid-column: auto;
      margin-bottom: 2px;
    }
  }
`;

const Breaks = styled.fieldset`
  margin: 0;
  padding: var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  display: grid;
  gap: var(--space-3);
  justify-items: stretch;

  legend {
    padding: 0 var(--space-2);
    font-weight: 600;
  }
  > button {
    justify-self: start;
  }
`;

const BreakError = styled.p`
  margin: 0;
  color: var(--color-danger);
  font-size: var(--font-size-sm);
`;

/** Start, end, breaks and category of a working day (one day or a weekly pattern). */
export function WorkingHoursFields({
  value,
  onChange,
  problems,
  serverErrors,
  categories,
}: {
  value: WorkingHours;
  onChange: (value: WorkingHours) => void;
  problems: Record<string, ScheduleProblem>;
  serverErrors: Record<string, string>;
  categories: readonly Category[];
}) {
  const t = useT();
  const problem = (key: string) => {
    const p = problems[key];
    return p ? t(`staffsPage.schedules.problems.${p}`) : undefined;
  };
  const setBreak = (index: number, patch: Partial<TimeRange>) =>
    onChange({ ...value, breaks: value.breaks.map((b, i) => (i === index ? { ...b, ...patch } : b)) });

  return (
    <>
      <Row>
        <TimeSelect
          label={t('staffsPage.schedules.start')}
          value={value.start}
          onChange={(start) => onChange({ ...value, start })}
          isRequired
          errorMessage={problem('start') ?? serverErrors.start}
        />
        <TimeSelect
          label={t('staffsPage.schedules.end')}
          value={value.end}
          onChange={(end) => onChange({ ...value, end })}
          isRequired
          errorMessage={problem('end') ?? serverErrors.end}
        />
      </Row>
      <Breaks>
        <legend>{t('staffsPage.schedules.breaks')}</legend>
        {value.breaks.map((b, i) => {
          const n = i + 1;
          const error = problem(`breaks.${i}`);
          return (
            <div key={i}>
              <BreakRow>
                <TimeSelect label={t('staffsPage.schedules.breakStart', { n })} value={b.start} onChange={(start) => setBreak(i, { start })} />
                <TimeSelect label={t('staffsPage.schedules.breakEnd', { n })} value={b.end} onChange={(end) => setBreak(i, { end })} />
                <Button variant="ghost" size="sm" onPress={() => onChange({ ...value, breaks: value.breaks.filter((_, k) => k !== i) })}>
                  {t('staffsPage.schedules.removeBreak', { n })}
                </Button>
              </BreakRow>
              {error && <BreakError role="alert">{error}</BreakError>}
            </div>
          );
        })}
        {serverErrors.breaks && <BreakError role="alert">{serverErrors.breaks}</BreakError>}
        <Button variant="secondary" size="sm" onPress={() => onChange({ ...value, breaks: [...value.breaks, { start: '', end: '' }] })}>
          {t('staffsPage.schedules.addBreak')}
        </Button>
      </Breaks>
      <Select
        label={t('staffsPage.schedules.category')}
        items={[{ id: NO_CATEGORY, label: t('staffsPage.schedules.noCategory') }, ...categories.map((c) => ({ id: c.id, label: c.name }))]}
        selectedKey={value.categoryId || NO_CATEGORY}
        onSelectionChange={(id) => onChange({ ...value, categoryId: id === NO_CATEGORY ? '' : id })}
        isInvalid={Boolean(serverErrors.categoryId)}
        errorMessage={serverErrors.categoryId}
      />
    </>
  );
}
