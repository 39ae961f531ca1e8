import { Button, Callout, ConfirmDialog, DatePicker, EmptyState, Grid, Heading, Inline, ItemList, Stack, Text, TextField, useMessages } from '@clinic/ui-kit';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import { useLoad } from '../../../shared/useLoad';
import { formErrorsFrom, noErrors, type FormErrors } from './form-errors';
import { LoadError, TimeSelect } from './parts';
import { addDays, isOnGrid, todayInTokyo, tokyoInstant, tokyoParts, toMinutes } from './schedule-time';
import type { Block, Staff, StaffsApi } from './staffs.api';
import { useDateLabel } from './useDateLabel';

/** How far ahead the list of blocks looks (the API's longest range). */
const LIST_DAYS = 92;

/** The staff member's blocks (予約ブロック): add one on the 15-minute grid, list, delete. */
export function BlocksPanel({ staff, clinicId, api }: { staff: Staff; clinicId: string; api: StaffsApi }) {
  const t = useT();
  const dateLabel = useDateLabel();
  const messages = useMessages();
  const today = todayInTokyo();
  const [version, setVersion] = useState(0);
  const [date, setDate] = useState(today);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [pending, setPending] = useState(false);
  const [deleting, setDeleting] = useState<Block | null>(null);

  const state = useLoad(
    async () => {
      const blocks = await api.blocks(clinicId, today, addDays(today, LIST_DAYS - 1));
      return blocks.filter((b) => b.resourceType === 'STAFF' && b.resourceId === staff.id).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
    },
    [api, clinicId, staff.id, today],
    { reloadKey: version },
  );

  const when = (block: Block) => {
    const from = tokyoParts(block.startsAt);
    const to = tokyoParts(block.endsAt);
    return t('staffsPage.blocks.when', { date: dateLabel(from.date), start: from.time, end: to.time });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const fields: Record<string, string> = {};
    if (!date) fields.startsAt = t('staffsPage.selectRequired', { field: t('staffsPage.blocks.date') });
    if (!start) fields.start = t('staffsPage.schedules.problems.startRequired');
    else if (!isOnGrid(start)) fields.start = t('staffsPage.schedules.problems.grid');
    if (!end) fields.end = t('staffsPage.schedules.problems.endRequired');
    else if (!isOnGrid(end)) fields.end = t('staffsPage.schedules.problems.grid');
    if (start && end && !fields.start && !fields.end && toMinutes(start) >= toMinutes(end)) {
      fields.end = t('staffsPage.schedules.problems.startBeforeEnd');
    }
    if (Object.keys(fields).length) {
      setErrors({ form: t('staffsPage.formInvalid'), fields });
      return;
    }
    setErrors(noErrors);
    setPending(true);
    try {
      await api.createBlock({
        resourceType: 'STAFF',
        resourceId: staff.id,
        startsAt: tokyoInstant(date, start),
        endsAt: tokyoInstant(date, end),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      messages.show({ text: t('staffsPage.blocks.created'), tone: 'success' });
      setStart('');
      setEnd('');
      setReason('');
      setVersion((v) => v + 1);
    } catch (error) {
      const found = formErrorsFrom(error, t('errors.http.unexpected'), { RESOURCE_COLLISION: ['start'] });
      // The break rule answers VALIDATION_FAILED with its own text ('休憩時間と重なっています。'):
      // show that text above the form, where the generic text would say less.
      const specific = Object.values(found.fields)[0];
      setErrors({ form: specific && !found.fields.start && !found.fields.end ? specific : found.form, fields: found.fields });
    } finally {
      setPending(false);
    }
  }

  async function remove(block: Block) {
    setPending(true);
    try {
      await api.deleteBlock(block.id);
      messages.show({ text: t('staffsPage.blocks.deleted'), tone: 'success' });
      setVersion((v) => v + 1);
    } catch {
      // Shown by the HTTP client.
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  const fieldError = (name: string) => errors.fields[name];
  return (
    <Stack gap={5}>
      <Stack as="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('staffsPage.blocks.add')}>
        <Heading level={3}>{t('staffsPage.blocks.add')}</Heading>
        <Text tone="muted" size="sm">
          {t('staffsPage.blocks.help')}
        </Text>
        {errors.form && (
          <Callout as="p" role="alert">
            {errors.form}
          </Callout>
        )}
        <Grid minItemWidth="170px" gap={3} align="start">
          <DatePicker
            label={t('staffsPage.blocks.date')}
            value={date || null}
            onChange={setDate}
            isRequired
            isInvalid={Boolean(fieldError('startsAt'))}
            errorMessage={fieldError('startsAt')}
          />
          <TimeSelect label={t('staffsPage.blocks.start')} value={start} onChange={setStart} isRequired errorMessage={fieldError('start')} />
          <TimeSelect label={t('staffsPage.blocks.end')} value={end} onChange={setEnd} isRequired errorMessage={fieldError('end') ?? fieldError('endsAt')} />
        </Grid>
        <TextField
          label={t('staffsPage.blocks.reason')}
          value={reason}
          onChange={setReason}
          maxLength={200}
          isInvalid={Boolean(fieldError('reason'))}
          errorMessage={fieldError('reason')}
        />
        <Inline justify="end">
          <Button type="submit" isPending={pending}>
            {t('staffsPage.blocks.add')}
          </Button>
        </Inline>
      </Stack>

      <section aria-label={t('staffsPage.blocks.listLabel')}>
        <Heading level={3}>{t('staffsPage.blocks.listLabel')}</Heading>
        {state.status === 'loading' && (
          <Text tone="muted" size="sm" role="status">
            {t('app.loading')}
          </Text>
        )}
        {state.status === 'failed' && <LoadError error={state.error} onRetry={() => setVersion((v) => v + 1)} />}
        {state.status === 'ready' &&
          (state.data.length === 0 ? (
            <EmptyState>{t('staffsPage.blocks.empty')}</EmptyState>
          ) : (
            <ItemList stackedText>
              {state.data.map((block) => (
                <li key={block.id}>
                  <span>
                    <strong>{when(block)}</strong>
                    <Text tone="muted" size="sm" as="span">
                      {block.reason || t('staffsPage.blocks.noReason')}
                    </Text>
                  </span>
                  <Button size="sm" variant="danger" onPress={() => setDeleting(block)} aria-label={`${t('staffsPage.delete')} ${when(block)}`}>
                    {t('staffsPage.delete')}
                  </Button>
                </li>
              ))}
            </ItemList>
          ))}
      </section>
      <ConfirmDialog
        isOpen={deleting !== null}
        tone="danger"
        isPending={pending}
        message={deleting ? t('staffsPage.blocks.deleteConfirm', { when: when(deleting) }) : ''}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
