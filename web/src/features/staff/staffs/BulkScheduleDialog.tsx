import { Button, Checkbox, DatePicker, Dialog, useMessages } from '@clinic/ui-kit';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { formErrorsFrom, noErrors, type FormErrors } from './form-errors';
import { Actions, Form, FormError, Row, SubHeading } from './parts';
import { checkWorkingHours, daysBetweenInclusive, monthRange, type Month } from './schedule-time';
import type { BulkScheduleResult, Category, Staff, StaffsApi } from './staffs.api';
import { useDateLabel, WEEKDAY_KEYS } from './useDateLabel';
import { WorkingHoursFields, type WorkingHours } from './WorkingHoursFields';

const MAX_DAYS = 92;

const Weekdays = styled.fieldset`
  margin: 0;
  padding: var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);

  &[data-invalid] {
    border-color: var(--color-danger);
  }
  legend {
    padding: 0 var(--space-2);
    font-weight: 600;
  }
  > div {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-2) var(--space-4);
  }
  p {
    margin: var(--space-2) 0 0;
    color: var(--color-danger);
    font-size: var(--font-size-sm);
  }
`;

const Result = styled.div`
  display: grid;
  gap: var(--space-3);

  ul {
    margin: 0;
    padding-left: var(--space-5);
  }
`;

const Strong = styled.p`
  margin: 0;
  font-weight: 700;
  color: var(--color-success);
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
        <Strong role="status">{t('staffsPage.schedules.bulkForm.result', { count: result.created })}</Strong>
        {result.skipped.length === 0 ? (
          <p>{t('staffsPage.schedules.bulkForm.noneSkipped')}</p>
        ) : (
          <section aria-label={t('staffsPage.schedules.bulkForm.skippedHeading', { count: result.skipped.length })}>
            <SubHeading>{t('staffsPage.schedules.bulkForm.skippedHeading', { count: result.skipped.length })}</SubHeading>
            <ul>
              {result.skipped.map((s) => (
                <li key={s.date}>{t('staffsPage.schedules.bulkForm.skippedItem', { date: dateLabel(s.date), reason: s.message })}</li>
              ))}
            </ul>
          </section>
        )}
        <Actions>
          <Button onPress={onClose} autoFocus>
            {t('staffsPage.close')}
          </Button>
        </Actions>
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
    <Form id={formId} noValidate onSubmit={(event) => void submit(event)} aria-label={t('staffsPage.schedules.bulkForm.title')}>
      {errors.form && <FormError role="alert">{errors.form}</FormError>}
      <Weekdays data-invalid={fieldError('weekdays') ? '' : undefined}>
        <legend>{t('staffsPage.schedules.bulkForm.weekdays')}</legend>
        <div>
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
        </div>
        {fieldError('weekdays') && <p role="alert">{fieldError('weekdays')}</p>}
      </Weekdays>
      <Row>
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
      </Row>
      <WorkingHoursFields value={hours} onChange={setHours} problems={problems} serverErrors={errors.fields} categories={categories} />
      <Checkbox isSelected={skipHolidays} onChange={setSkipHolidays}>
        {t('staffsPage.schedules.bulkForm.skipHolidays')}
      </Checkbox>
      <Actions>
        <Button variant="secondary" onPress={onClose} isDisabled={pending}>
          {t('staffsPage.cancel')}
        </Button>
        <Button type="submit" isPending={pending}>
          {t('staffsPage.schedules.bulkForm.submit')}
        </Button>
      </Actions>
    </Form>
  );
}
