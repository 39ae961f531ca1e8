import { Button, Callout, ConfirmDialog, Dialog, EmptyState, Heading, Inline, ItemList, Stack, Text, useMessages } from '@clinic/ui-kit';
import { useId, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { useLoad } from '../../../shared/useLoad';
import { BulkScheduleDialog } from './BulkScheduleDialog';
import { formErrorsFrom, noErrors, type FormErrors } from './form-errors';
import { LoadError } from './parts';
import { addMonths, checkWorkingHours, monthCells, monthOf, monthRange, todayInTokyo, type Month } from './schedule-time';
import type { Category, Schedule, Staff, StaffsApi } from './staffs.api';
import { useDateLabel, WEEKDAY_KEYS } from './useDateLabel';
import { WorkingHoursFields, type WorkingHours } from './WorkingHoursFields';

/** Seven columns from 768 px; below, one line per day (padding cells hidden). */
const Grid = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--space-1);

  @media (min-width: 768px) {
    grid-template-columns: repeat(7, minmax(0, 1fr));
  }
`;

const Head = styled.li`
  display: none;
  text-align: center;
  font-size: var(--font-size-sm);
  font-weight: 700;
  color: var(--color-muted);

  @media (min-width: 768px) {
    display: block;
  }
`;

const Pad = styled.li`
  display: none;

  @media (min-width: 768px) {
    display: block;
  }
`;

const DayButton = styled.button`
  width: 100%;
  min-height: 48px;
  display: grid;
  grid-template-columns: 7em 1fr;
  align-content: start;
  gap: 2px var(--space-2);
  padding: var(--space-2);
  text-align: left;
  font: inherit;
  color: var(--color-text);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-sm);
  cursor: pointer;

  &[data-has-work] {
    background: var(--color-primary-soft);
    border-color: var(--color-primary);
  }
  &[data-today] {
    outline: 2px solid var(--color-warning);
  }
  &:hover {
    border-color: var(--color-primary);
  }
  &:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
  }

  .date {
    font-weight: 700;
    font-size: var(--font-size-sm);
  }
  .work {
    font-size: var(--font-size-xs);
  }
  .day-number {
    display: none;
  }

  @media (min-width: 768px) {
    min-height: 84px;
    grid-template-columns: 1fr;

    .date {
      display: none;
    }
    .day-number {
      display: block;
      font-weight: 700;
      font-size: var(--font-size-sm);
    }
  }
`;

const WorkLine = styled.span`
  display: block;
  overflow-wrap: anywhere;
`;

interface SchedulesPanelProps {
  staff: Staff;
  clinicId: string;
  api: StaffsApi;
}

/** The month of one staff member's working days: add, edit and delete a day, or many at once. */
export function SchedulesPanel({ staff, clinicId, api }: SchedulesPanelProps) {
  const t = useT();
  const dateLabel = useDateLabel();
  const today = todayInTokyo();
  const [month, setMonth] = useState<Month>(() => monthOf(today));
  const [version, setVersion] = useState(0);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const range = monthRange(month);

  const state = useLoad(
    async () => {
      const schedules = await api.schedules(clinicId, range.from, range.to);
      return { schedules: schedules.filter((s) => s.staffId === staff.id) };
    },
    [api, clinicId, staff.id, range.from, range.to],
    { reloadKey: version },
  );
  // Loaded apart from the month, so the dialogs stay open while the month reloads.
  const categoriesState = useLoad(() => api.categories(clinicId), [api, clinicId]);
  const categories = categoriesState.status === 'ready' ? categoriesState.data : [];

  const byDate = useMemo(() => {
    const map = new Map<string, Schedule[]>();
    if (state.status !== 'ready') return map;
    for (const s of [...state.data.schedules].sort((a, b) => a.start.localeCompare(b.start))) {
      map.set(s.date, [...(map.get(s.date) ?? []), s]);
    }
    return map;
  }, [state]);

  const monthText = t('staffsPage.schedules.month', { year: month.year, month: month.month });
  const reload = () => setVersion((v) => v + 1);
  const summary = (list: Schedule[] | undefined) =>
    list?.length ? list.map((s) => t('staffsPage.timeRange', { start: s.start, end: s.end })).join('、') : t('staffsPage.schedules.none');

  return (
    <Stack>
      <Inline justify="between">
        <Inline wrap={false}>
          <Button variant="secondary" size="sm" onPress={() => setMonth((m) => addMonths(m, -1))}>
            {t('staffsPage.schedules.previous')}
          </Button>
          <Heading level={3} size="lg" aria-live="polite">
            {monthText}
          </Heading>
          <Button variant="secondary" size="sm" onPress={() => setMonth((m) => addMonths(m, 1))}>
            {t('staffsPage.schedules.next')}
          </Button>
        </Inline>
        <Button onPress={() => setBulkOpen(true)}>{t('staffsPage.schedules.bulk')}</Button>
      </Inline>

      {state.status === 'loading' && (
        <Text tone="muted" size="sm" role="status">
          {t('app.loading')}
        </Text>
      )}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          {state.data.schedules.length === 0 && <EmptyState>{t('staffsPage.schedules.empty')}</EmptyState>}
          <Grid aria-label={t('staffsPage.schedules.monthLabel', { name: staff.name, month: monthText })}>
            {WEEKDAY_KEYS.map((key) => (
              <Head key={key} aria-hidden="true">
                {t(`staffsPage.weekdays.${key}`)}
              </Head>
            ))}
            {monthCells(month).map((date, index) => {
              if (!date) return <Pad key={`pad-${index}`} aria-hidden="true" />;
              const list = byDate.get(date);
              return (
                <li key={date}>
                  <DayButton
                    type="button"
                    data-has-work={list?.length ? '' : undefined}
                    data-today={date === today ? '' : undefined}
                    aria-label={t('staffsPage.schedules.dayButton', { date: dateLabel(date), summary: summary(list) })}
                    onClick={() => setOpenDay(date)}
                  >
                    <span className="date">{dateLabel(date)}</span>
                    <span className="day-number">{Number(date.slice(8, 10))}</span>
                    <span className="work">
                      {list?.map((s) => (
                        <WorkLine key={s.id}>{t('staffsPage.timeRange', { start: s.start, end: s.end })}</WorkLine>
                      ))}
                    </span>
                  </DayButton>
                </li>
              );
            })}
          </Grid>
        </>
      )}
      <ScheduleDayDialog
        date={openDay}
        schedules={openDay ? (byDate.get(openDay) ?? []) : []}
        categories={categories}
        staff={staff}
        api={api}
        onClose={() => setOpenDay(null)}
        onChanged={reload}
      />
      <BulkScheduleDialog
        isOpen={bulkOpen}
        staff={staff}
        month={month}
        categories={categories}
        api={api}
        onClose={() => setBulkOpen(false)}
        onCreated={reload}
      />
    </Stack>
  );
}

const emptyHours = (): WorkingHours => ({ start: '10:00', end: '19:00', breaks: [], categoryId: '' });

function ScheduleDayDialog({
  date,
  schedules,
  categories,
  staff,
  api,
  onClose,
  onChanged,
}: {
  date: string | null;
  schedules: Schedule[];
  categories: Category[];
  staff: Staff;
  api: StaffsApi;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const dateLabel = useDateLabel();
  const messages = useMessages();
  const formId = useId();
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [hours, setHours] = useState<WorkingHours>(emptyHours);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [problems, setProblems] = useState<ReturnType<typeof checkWorkingHours>>({});
  const [pending, setPending] = useState(false);
  const [deleting, setDeleting] = useState<Schedule | null>(null);

  const reset = (schedule: Schedule | null) => {
    setEditing(schedule);
    setHours(schedule ? { start: schedule.start, end: schedule.end, breaks: schedule.breaks, categoryId: schedule.categoryId ?? '' } : emptyHours());
    setErrors(noErrors);
    setProblems({});
  };
  const close = () => {
    reset(null);
    onClose();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!date || pending) return;
    const found = checkWorkingHours(hours.start, hours.end, hours.breaks);
    setProblems(found);
    if (Object.keys(found).length) {
      setErrors({ form: t('staffsPage.formInvalid'), fields: {} });
      return;
    }
    setPending(true);
    const input = {
      staffId: staff.id,
      date,
      start: hours.start,
      end: hours.end,
      breaks: hours.breaks,
      categoryId: hours.categoryId || null,
    };
    try {
      if (editing) await api.updateSchedule(editing.id, input);
      else await api.createSchedule(input);
      messages.show({ text: t(editing ? 'staffsPage.schedules.updated' : 'staffsPage.schedules.created'), tone: 'success' });
      reset(null);
      onChanged();
    } catch (error) {
      setErrors(formErrorsFrom(error, t('errors.http.unexpected'), { SCHEDULE_EXISTS: ['start'] }));
    } finally {
      setPending(false);
    }
  }

  async function remove(schedule: Schedule) {
    setPending(true);
    try {
      await api.deleteSchedule(schedule.id);
      messages.show({ text: t('staffsPage.schedules.deleted'), tone: 'success' });
      if (editing?.id === schedule.id) reset(null);
      onChanged();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  const title = date ? t('staffsPage.schedules.dayTitle', { date: dateLabel(date) }) : '';
  return (
    <>
      <Dialog title={title} isOpen={date !== null && deleting === null} onOpenChange={(open) => !open && close()}>
        {date && (
          <Stack>
            {schedules.length === 0 ? (
              <Text tone="muted" size="sm">
                {t('staffsPage.schedules.dayEmpty')}
              </Text>
            ) : (
              <ItemList>
                {schedules.map((s) => (
                  <li key={s.id}>
                    <span>
                      {t('staffsPage.timeRange', { start: s.start, end: s.end })}
                      {s.breaks.map((b) => (
                        <Text tone="muted" size="sm" as="span" key={b.start}>
                          {' '}
                          {t('staffsPage.schedules.breakText', { start: b.start, end: b.end })}
                        </Text>
                      ))}
                    </span>
                    <Inline justify="end">
                      <Button size="sm" variant="secondary" onPress={() => reset(s)}>
                        {t('staffsPage.edit')}
                      </Button>
                      <Button size="sm" variant="danger" onPress={() => setDeleting(s)}>
                        {t('staffsPage.delete')}
                      </Button>
                    </Inline>
                  </li>
                ))}
              </ItemList>
            )}
            <Stack
              as="form"
              id={formId}
              noValidate
              onSubmit={(event) => void submit(event)}
              aria-label={t(editing ? 'staffsPage.schedules.editing' : 'staffsPage.schedules.addForDay')}
            >
              <Heading level={3}>{t(editing ? 'staffsPage.schedules.editing' : 'staffsPage.schedules.addForDay')}</Heading>
              {errors.form && (
                <Callout as="p" role="alert">
                  {errors.form}
                </Callout>
              )}
              <WorkingHoursFields value={hours} onChange={setHours} problems={problems} serverErrors={errors.fields} categories={categories} />
              <Inline justify="end">
                {editing ? (
                  <Button variant="secondary" onPress={() => reset(null)}>
                    {t('staffsPage.schedules.cancelEdit')}
                  </Button>
                ) : (
                  <Button variant="secondary" onPress={close}>
                    {t('staffsPage.close')}
                  </Button>
                )}
                <Button type="submit" isPending={pending}>
                  {editing ? t('staffsPage.save') : t('staffsPage.schedules.add')}
                </Button>
              </Inline>
            </Stack>
          </Stack>
        )}
      </Dialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        tone="danger"
        isPending={pending}
        message={deleting && date ? t('staffsPage.schedules.deleteConfirm', { date: dateLabel(date), start: deleting.start, end: deleting.end }) : ''}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
