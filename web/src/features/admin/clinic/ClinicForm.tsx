import { Button, Card, Checkbox, Grid, Inline, Select, Stack, Text, TextField } from '@clinic/ui-kit';
import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { FormAlert } from '../shared/admin-ui';
import { hasErrors, serverFieldErrors, type FieldErrors } from '../shared/form-errors';
import { TIMES_OF_DAY, WEEKDAYS_MON_FIRST } from '../shared/time';
import type { Category } from '../shared/types';
import {
  clinicBody,
  MAX_REMINDERS,
  newBreak,
  newReminder,
  validateClinicForm,
  type BreakForm,
  type ClinicForm as ClinicFormValue,
  type DayForm,
  type ReminderForm,
} from './clinic-form';

const DayRow = styled.fieldset`
  margin: 0;
  padding: var(--space-2) 0 var(--space-3);
  border: 0;
  border-bottom: 1px solid var(--color-border);
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: var(--space-2) var(--space-3);
  align-items: end;
  min-width: 0;

  legend {
    float: left;
    width: 100%;
    padding: 0;
    font-weight: 700;
  }

  & > .closed {
    grid-column: 1 / -1;
  }

  & > .reason {
    grid-column: 1 / -1;
  }

  @media (min-width: 768px) {
    grid-template-columns: 120px 100px minmax(0, 160px) minmax(0, 160px) minmax(0, 1fr);

    legend {
      float: none;
      width: auto;
    }

    & > .closed {
      grid-column: auto;
      align-self: center;
    }

    & > .reason {
      grid-column: auto;
      align-self: center;
    }
  }
`;

const DayName = styled.span`
  font-weight: 700;
  align-self: center;
`;

const BreakRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: var(--space-2) var(--space-3);
  align-items: end;
  padding-bottom: var(--space-3);
  border-bottom: 1px solid var(--color-border);

  & > .weekday,
  & > .reason {
    grid-column: 1 / -1;
  }

  @media (min-width: 768px) {
    grid-template-columns: minmax(0, 160px) minmax(0, 140px) minmax(0, 140px) auto minmax(0, 1fr);

    & > .weekday,
    & > .reason {
      grid-column: auto;
    }
  }
`;

const ReminderRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
  gap: var(--space-2) var(--space-3);
  align-items: end;

  & > .reason {
    grid-column: 1 / -1;
  }

  @media (min-width: 768px) {
    grid-template-columns: minmax(0, 160px) minmax(0, 140px) auto minmax(0, 1fr);

    & > .reason {
      grid-column: auto;
      align-self: center;
    }
  }
`;

export interface ClinicFormProps {
  initial: ClinicFormValue;
  /** The clinic's menu categories for the insurance category; `null` for a clinic not created yet. */
  categories: readonly Category[] | null;
  submitLabel: string;
  /** Sends the body; rejects with the HTTP error when the server refuses it. */
  onSubmit: (body: ReturnType<typeof clinicBody>) => Promise<void>;
}

/** The clinic's settings (name, contact, web booking, opening hours, breaks, deadlines). */
export function ClinicForm({ initial, categories, submitLabel, onSubmit }: ClinicFormProps) {
  const t = useT();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const times = useMemo(() => TIMES_OF_DAY.map((time) => ({ id: time, label: time })), []);
  const weekdayName = (weekday: number) => t(`adminSetup.weekdays.d${weekday}` as 'adminSetup.weekdays.d0');

  const set = <K extends keyof ClinicFormValue>(key: K, value: ClinicFormValue[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setDay = (weekday: number, patch: Partial<DayForm>) =>
    setForm((f) => ({ ...f, days: f.days.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)) }));
  const setReminder = (index: number, patch: Partial<ReminderForm>) =>
    setForm((f) => ({ ...f, reminders: f.reminders.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
  const reminderTimes = useMemo(() => TIMES_OF_DAY.filter((time) => time !== '24:00').map((time) => ({ id: time, label: time })), []);
  const reminderKinds = [
    { id: 'DAY_BEFORE', label: t('adminSetup.clinic.reminderDayBefore') },
    { id: 'HOURS_BEFORE', label: t('adminSetup.clinic.reminderHoursBefore') },
  ];
  const setBreak = (index: number, patch: Partial<BreakForm>) =>
    setForm((f) => ({ ...f, breaks: f.breaks.map((b, i) => (i === index ? { ...b, ...patch } : b)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateClinicForm(form, t);
    setErrors(found);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      await onSubmit(clinicBody(form));
    } catch (error) {
      setErrors(serverFieldErrors(error, { CLINIC_DUPLICATE: 'name', CATEGORY_NOT_FOUND: 'hokenCategoryId' }));
    } finally {
      setPending(false);
    }
  }

  const field = (key: string) => ({ isInvalid: Boolean(errors[key]), errorMessage: errors[key] });
  const categoryItems = [{ id: 'none', label: t('adminSetup.clinic.noHokenCategory') }, ...(categories ?? []).map((c) => ({ id: c.id, label: c.name }))];
  const weekdayItems = [{ id: 'all', label: t('adminSetup.clinic.everyDay') }, ...WEEKDAYS_MON_FIRST.map((w) => ({ id: String(w), label: weekdayName(w) }))];

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={submitLabel}>
      <Stack gap={5}>
        <FormAlert show={hasErrors(errors)} />
        <Card title={t('adminSetup.clinic.basicTitle')}>
          <Grid>
            <TextField label={t('adminSetup.clinic.name')} value={form.name} onChange={(v) => set('name', v)} isRequired maxLength={100} {...field('name')} />
            <TextField
              label={t('adminSetup.clinic.phone')}
              type="tel"
              value={form.phone}
              onChange={(v) => set('phone', v)}
              maxLength={30}
              {...field('phone')}
            />
            <TextField
              label={t('adminSetup.clinic.homepageUrl')}
              type="url"
              value={form.homepageUrl}
              onChange={(v) => set('homepageUrl', v)}
              maxLength={500}
              {...field('homepageUrl')}
            />
            <Select
              label={t('adminSetup.clinic.hokenCategory')}
              items={categoryItems}
              selectedKey={form.hokenCategoryId ?? 'none'}
              onSelectionChange={(id) => set('hokenCategoryId', id === 'none' ? null : id)}
              isDisabled={categories === null}
              description={categories === null ? t('adminSetup.clinic.hokenCategoryLater') : undefined}
              {...field('hokenCategoryId')}
            />
            <Checkbox isSelected={form.webBookingEnabled} onChange={(v) => set('webBookingEnabled', v)}>
              {t('adminSetup.clinic.webBooking')}
            </Checkbox>
          </Grid>
        </Card>

        <Card title={t('adminSetup.clinic.hoursTitle')}>
          <Text tone="muted" size="sm">
            {t('adminSetup.clinic.hoursHelp')}
          </Text>
          {form.days.map((day) => {
            const name = weekdayName(day.weekday);
            const reason = errors[`days.${day.weekday}`];
            return (
              <DayRow key={day.weekday} aria-label={name}>
                <legend>
                  <DayName>{name}</DayName>
                </legend>
                <div className="closed">
                  <Checkbox isSelected={day.closed} onChange={(v) => setDay(day.weekday, { closed: v })}>
                    {t('adminSetup.clinic.closed')}
                  </Checkbox>
                </div>
                <Select
                  label={t('adminSetup.clinic.open')}
                  items={times}
                  selectedKey={day.open}
                  onSelectionChange={(v) => setDay(day.weekday, { open: v })}
                  isDisabled={day.closed}
                  isInvalid={Boolean(reason)}
                />
                <Select
                  label={t('adminSetup.clinic.close')}
                  items={times}
                  selectedKey={day.close}
                  onSelectionChange={(v) => setDay(day.weekday, { close: v })}
                  isDisabled={day.closed}
                  isInvalid={Boolean(reason)}
                />
                <div className="reason">
                  {reason && (
                    <Text tone="danger" size="xs" weight="semibold">
                      {reason}
                    </Text>
                  )}
                </div>
              </DayRow>
            );
          })}
        </Card>

        <Card title={t('adminSetup.clinic.breaksTitle')}>
          <Stack gap={5}>
            {form.breaks.length === 0 && (
              <Text tone="muted" size="sm">
                {t('adminSetup.clinic.noBreaks')}
              </Text>
            )}
            {form.breaks.map((item, index) => {
              const reason = errors[`breaks.${index}`];
              const label = t('adminSetup.clinic.breakN', { n: index + 1 });
              return (
                <BreakRow key={item.key} role="group" aria-label={label}>
                  <div className="weekday">
                    <Select
                      label={t('adminSetup.clinic.breakWeekday')}
                      items={weekdayItems}
                      selectedKey={item.weekday === null ? 'all' : String(item.weekday)}
                      onSelectionChange={(v) => setBreak(index, { weekday: v === 'all' ? null : Number(v) })}
                    />
                  </div>
                  <Select
                    label={t('adminSetup.clinic.breakStart')}
                    items={times}
                    selectedKey={item.start}
                    onSelectionChange={(v) => setBreak(index, { start: v })}
                    isInvalid={Boolean(reason)}
                  />
                  <Select
                    label={t('adminSetup.clinic.breakEnd')}
                    items={times}
                    selectedKey={item.end}
                    onSelectionChange={(v) => setBreak(index, { end: v })}
                    isInvalid={Boolean(reason)}
                  />
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={t('adminSetup.common.deleteNamed', { name: label })}
                    onPress={() => setForm((f) => ({ ...f, breaks: f.breaks.filter((_, i) => i !== index) }))}
                  >
                    {t('adminSetup.common.delete')}
                  </Button>
                  <div className="reason">
                    {reason && (
                      <Text tone="danger" size="xs" weight="semibold">
                        {reason}
                      </Text>
                    )}
                  </div>
                </BreakRow>
              );
            })}
            <div>
              <Button variant="secondary" onPress={() => setForm((f) => ({ ...f, breaks: [...f.breaks, newBreak()] }))}>
                {t('adminSetup.clinic.addBreak')}
              </Button>
            </div>
          </Stack>
        </Card>

        <Card title={t('adminSetup.clinic.remindersTitle')}>
          <Stack gap={5}>
            <Text tone="muted" size="sm">
              {t('adminSetup.clinic.remindersHelp')}
            </Text>
            {form.reminders.length === 0 && (
              <Text tone="muted" size="sm">
                {t('adminSetup.clinic.noReminders')}
              </Text>
            )}
            {form.reminders.map((item, index) => {
              const reason = errors[`reminderRules.${index}`] ?? errors[`reminderRules.${index}.at`] ?? errors[`reminderRules.${index}.hours`];
              const label = t('adminSetup.clinic.reminderN', { n: index + 1 });
              return (
                <ReminderRow key={item.key} role="group" aria-label={label}>
                  <Select
                    label={t('adminSetup.clinic.reminderKind')}
                    items={reminderKinds}
                    selectedKey={item.kind}
                    onSelectionChange={(v) => setReminder(index, { kind: v as ReminderForm['kind'] })}
                  />
                  {item.kind === 'DAY_BEFORE' ? (
                    <Select
                      label={t('adminSetup.clinic.reminderAt')}
                      items={reminderTimes}
                      selectedKey={item.at}
                      onSelectionChange={(v) => setReminder(index, { at: v })}
                      isInvalid={Boolean(reason)}
                    />
                  ) : (
                    <TextField
                      label={t('adminSetup.clinic.reminderHours')}
                      inputMode="numeric"
                      value={item.hours}
                      onChange={(v) => setReminder(index, { hours: v })}
                      isInvalid={Boolean(reason)}
                    />
                  )}
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={t('adminSetup.common.deleteNamed', { name: label })}
                    onPress={() => setForm((f) => ({ ...f, reminders: f.reminders.filter((_, i) => i !== index) }))}
                  >
                    {t('adminSetup.common.delete')}
                  </Button>
                  <div className="reason">
                    {reason && (
                      <Text tone="danger" size="xs" weight="semibold">
                        {reason}
                      </Text>
                    )}
                  </div>
                </ReminderRow>
              );
            })}
            {errors.reminderRules && (
              <Text tone="danger" size="xs" weight="semibold">
                {errors.reminderRules}
              </Text>
            )}
            <div>
              <Button
                variant="secondary"
                isDisabled={form.reminders.length >= MAX_REMINDERS}
                onPress={() => setForm((f) => ({ ...f, reminders: [...f.reminders, newReminder()] }))}
              >
                {t('adminSetup.clinic.addReminder')}
              </Button>
            </div>
          </Stack>
        </Card>

        <Card title={t('adminSetup.clinic.deadlinesTitle')}>
          <Grid>
            <TextField
              label={t('adminSetup.clinic.updateDeadlineHours')}
              inputMode="numeric"
              value={form.updateDeadlineHours}
              onChange={(v) => set('updateDeadlineHours', v)}
              description={t('adminSetup.clinic.hoursBefore')}
              {...field('updateDeadlineHours')}
            />
            <TextField
              label={t('adminSetup.clinic.cancelDeadlineHours')}
              inputMode="numeric"
              value={form.cancelDeadlineHours}
              onChange={(v) => set('cancelDeadlineHours', v)}
              description={t('adminSetup.clinic.hoursBefore')}
              {...field('cancelDeadlineHours')}
            />
            <TextField
              label={t('adminSetup.clinic.minLeadMinutes')}
              inputMode="numeric"
              value={form.minLeadMinutes}
              onChange={(v) => set('minLeadMinutes', v)}
              description={t('adminSetup.clinic.minutesBefore')}
              {...field('minLeadMinutes')}
            />
          </Grid>
        </Card>

        <Card title={t('adminSetup.clinic.policyTitle')}>
          <Grid>
            <TextField
              label={t('adminSetup.clinic.waitlistHoldMinutes')}
              inputMode="numeric"
              value={form.waitlistHoldMinutes}
              onChange={(v) => set('waitlistHoldMinutes', v)}
              description={t('adminSetup.clinic.waitlistHoldHelp')}
              {...field('waitlistHoldMinutes')}
            />
            <TextField
              label={t('adminSetup.clinic.noShowLimit')}
              inputMode="numeric"
              value={form.noShowLimit}
              onChange={(v) => set('noShowLimit', v)}
              description={t('adminSetup.clinic.noShowLimitHelp')}
              {...field('noShowLimit')}
            />
            <TextField
              label={t('adminSetup.clinic.noShowWindowDays')}
              inputMode="numeric"
              value={form.noShowWindowDays}
              onChange={(v) => set('noShowWindowDays', v)}
              description={t('adminSetup.clinic.noShowWindowHelp')}
              {...field('noShowWindowDays')}
            />
          </Grid>
        </Card>
        <Inline justify="end">
          <Button type="submit" isPending={pending}>
            {submitLabel}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
