import { Button, Callout, Checkbox, DatePicker, Dialog, FieldGroup, Grid, Heading, Inline, Stack, Text, useMessages } from '@clinic/ui-kit';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { formErrorsFrom, noErrors, type FormErrors } from './form-errors';
import { checkWorkingHours, daysBetweenInclusive, monthRange, type Month } from './schedule-time';
import type { BulkScheduleResult, Category, Staff, StaffsApi } from './staffs.api';
import { useDateLabel, WEEKDAY_KEYS } from './useDateLabel';
import { WorkingHoursFields, type WorkingHours } from './WorkingHoursFields';

const MAX_DAYS = 92;

const Result = styled.div`
  display: grid;
  gap: var(--space-3);

  ul {
    margin: 0;
    padding-left: var(--space-5);
  }
`;

interface BulkScheduleDialogProps {
  isOpen: boolean;
  staff: Staff;
  month: Month;
  categories: readonly Category[];
  api: StaffsApi;
  onClose: () => void;
  onCreated: () => void;
}

/** 「まとめて登録」: one schedule per chosen weekday over a date range, and what was skipped. */
export function BulkScheduleDialog(props: BulkScheduleDialogProps) {
  const t = useT();
  return (
    <Dialog title={t('staffsPage.schedules.bulkForm.title')} isOpen={props.isOpen} onOpenChange={(open) => !open && props.onClose()} isDismissable={false}>
      {props.isOpen && <BulkForm {...props} />}
    </Dialog>
  );
}

function BulkForm({ staff, month, categories, api, onClose, onCreated }: BulkScheduleDialogProps) {
  const t = useT();
  const dateLabel = useDateLabel();
  const messages = useMessages();
  const formId = useId();
  const initial = monthRange(month);
  const [weekdays, setWeekdays] = useState<Set<number>>(() => new Set([1, 2, 3, 4, 5]));
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [skipHolidays, setSkipHolidays] = useState(true);
  const [hours, setHours] = useState<WorkingHours>({ start: '10:00', end: '19:00', breaks: [], categoryId: '' });
  const [problems, setProblems] = useState<ReturnType<typeof checkWorkingHours>>({});
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<BulkScheduleResult | null>(null);

  if (result) {
    return (
      <Result>
        <Text tone="success" weight="bold" role="status">
          {t('staffsPage.schedules.bulkForm.result', { count: result.created })}
        </Text>
        {result.skipped.length === 0 ? (
          <p>{t('staffsPage.schedules.bulkForm.noneSkipped')}</p>
        ) : (
          <section aria-label={t('staffsPage.schedules.bulkForm.skippedHeading', { count: result.skipped.length })}>
            <Heading level={3}>{t('staffsPage.schedules.bulkForm.skippedHeading', { count: result.skipped.length })}</Heading>
            <ul>
              {result.skipped.map((s) => (
                <li key={s.date}>{t('staffsPage.schedules.bulkForm.skippedItem', { date: dateLabel(s.date), reason: s.message })}</li>
              ))}
            </ul>
          </section>
        )}
        <Inline justify="end">
          <Button onPress={onClose} autoFocus>
            {t('staffsPage.close')}
          </Button>
        </Inline>
      </Result>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = checkWorkingHours(hours.start, hours.end, hours.breaks);
    const fields: Record<string, string> = {};
    if (weekdays.size === 0) fields.weekdays = t('staffsPage.schedules.bulkForm.noWeekday');
    if (!from) fields.from = t('staffsPage.selectRequired', { field: t('staffsPage.schedules.bulkForm.from') });
    if (!to) fields.to = t('staffsPage.selectRequired', { field: t('staffsPage.schedules.bulkForm.to') });
    if (from && to && daysBetweenInclusive(from, to) < 1) fields.to = t('staffsPage.schedules.bulkForm.range');
    else if (from && to && daysBetweenInclusive(from, to) > MAX_DAYS) fields.to = t('staffsPage.schedules.bulkForm.rangeTooLong');
    setProblems(found);
    if (Object.keys(found).length || Object.keys(fields).length) {
      setErrors({ form: t('staffsPage.formInvalid'), fields });
      return;
    }
    setErrors(noErrors);
    setPending(true);
    try {
      const answer = await api.bulkSchedules({
        staffId: staff.id,
        from,
        to,
        weekdays: [...weekdays].sort(),
        start: hours.start,
        end: hours.end,
        breaks: hours.breaks,
        categoryId: hours.categoryId || null,
        skipHolidays,
      });
      messages.show({ text: t('staffsPage.schedules.bulkForm.result', { count: answer.created }), tone: 'success' });
      setResult(answer);
      onCreated();
    } catch (error) {
      setErrors(formErrorsFrom(error, t('errors.http.unexpected')));
    } finally {
      setPending(false);
    }
  }

  const fieldError = (name: string) => errors.fields[name];
  return (
    <Stack as="form" id={formId} noValidate onSubmit={(event) => void submit(event)} aria-label={t('staffsPage.schedules.bulkForm.title')}>
      {errors.form && (
        <Callout as="p" role="alert">
          {errors.form}
        </Callout>
      )}
      <FieldGroup legend={t('staffsPage.schedules.bulkForm.weekdays')} isInvalid={Boolean(fieldError('weekdays'))} gap={2}>
        <Inline gap={4} rowGap={2}>
          {WEEKDAY_KEYS.map((key, day) => (
            <Checkbox
              key={key}
              isSelected={weekdays.has(day)}
              onChange={(on) =>
                setWeekdays((previous) => {
                  const next = new Set(previous);
                  if (on) next.add(day);
                  else next.delete(day);
                  return next;
                })
              }
            >
              {t(`staffsPage.weekdays.${key}`)}
            </Checkbox>
          ))}
        </Inline>
        {fieldError('weekdays') && (
          <Text role="alert" tone="danger" size="sm">
            {fieldError('weekdays')}
          </Text>
        )}
      </FieldGroup>
      <Grid minItemWidth="170px" gap={3} align="start">
        <DatePicker
          label={t('staffsPage.schedules.bulkForm.from')}
          value={from || null}
          onChange={setFrom}
          isRequired
          isInvalid={Boolean(fieldError('from'))}
          errorMessage={fieldError('from')}
        />
        <DatePicker
          label={t('staffsPage.schedules.bulkForm.to')}
          value={to || null}
          onChange={setTo}
          isRequired
          isInvalid={Boolean(fieldError('to'))}
          errorMessage={fieldError('to')}
        />
      </Grid>
      <WorkingHoursFields value={hours} onChange={setHours} problems={problems} serverErrors={errors.fields} categories={categories} />
      <Checkbox isSelected={skipHolidays} onChange={setSkipHolidays}>
        {t('staffsPage.schedules.bulkForm.skipHolidays')}
      </Checkbox>
      <Inline justify="end">
        <Button variant="secondary" onPress={onClose} isDisabled={pending}>
          {t('staffsPage.cancel')}
        </Button>
        <Button type="submit" isPending={pending}>
          {t('staffsPage.schedules.bulkForm.submit')}
        </Button>
      </Inline>
    </Stack>
  );
}
