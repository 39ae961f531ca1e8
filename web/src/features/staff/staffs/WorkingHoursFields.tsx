import { Button, FieldGroup, Grid, Select, Text } from '@clinic/ui-kit';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { TimeSelect } from './parts';
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
      <Grid minItemWidth="170px" gap={3} align="start">
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
      </Grid>
      <FieldGroup legend={t('staffsPage.schedules.breaks')}>
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
              {error && (
                <Text tone="danger" size="sm" role="alert">
                  {error}
                </Text>
              )}
            </div>
          );
        })}
        {serverErrors.breaks && (
          <Text tone="danger" size="sm" role="alert">
            {serverErrors.breaks}
          </Text>
        )}
        <div>
          <Button variant="secondary" size="sm" onPress={() => onChange({ ...value, breaks: [...value.breaks, { start: '', end: '' }] })}>
            {t('staffsPage.schedules.addBreak')}
          </Button>
        </div>
      </FieldGroup>
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
