import { Button, TextField, useMessages } from '@clinic/ui-kit';
import { useState } from 'react';
import { useT } from '../../../i18n';
import { useLoad } from '../../../shared/useLoad';
import type { CalendarApi, WaitlistEntry } from './calendar.api';
import * as S from './calendar.styles';
import { clockOf } from './layout';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The day's キャンセル待ち: every entry whose days include the date, in registration order, with
 * its offer; staff offer a start by hand to a waiting entry or remove an entry (its held time
 * then passes to the next one). The calendar remounts it (its `key`) when it reloads.
 */
export function WaitlistPanel(props: { api: CalendarApi; clinicId: string; date: string; onChanged: () => void }) {
  const t = useT();
  const messages = useMessages();
  const { api, clinicId, date } = props;
  const entries = useLoad(() => api.waitlist(clinicId, date), [api, clinicId, date]);
  const list = entries.status === 'ready' ? entries.data : [];
  const [times, setTimes] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const offer = async (entry: WaitlistEntry) => {
    const time = times[entry.id] ?? '';
    if (!HHMM.test(time)) return;
    setBusy(entry.id);
    try {
      await api.offerWaitlist(entry.id, `${date}T${time}:00+09:00`);
      messages.show({ text: t('calendarPage.waitlist.offeredDone', { name: entry.name, time }), tone: 'success' });
      props.onChanged();
    } catch (error) {
      messages.show({ text: error instanceof Error ? error.message : String(error), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const remove = async (entry: WaitlistEntry) => {
    if (!window.confirm(t('calendarPage.waitlist.removeConfirm', { name: entry.name }))) return;
    setBusy(entry.id);
    try {
      await api.removeWaitlist(entry.id);
      messages.show({ text: t('calendarPage.waitlist.removedDone'), tone: 'success' });
      props.onChanged();
    } finally {
      setBusy(null);
    }
  };

  return (
    <S.Unconfirmed aria-labelledby="calendar-waitlist-title" data-testid="waitlist-panel">
      <h2 id="calendar-waitlist-title">{t('calendarPage.waitlist.title', { count: list.length })}</h2>
      {list.length === 0 ? (
        <S.Muted>{t('calendarPage.waitlist.none')}</S.Muted>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('calendarPage.waitlist.name')}</th>
              <th scope="col">{t('calendarPage.waitlist.menu')}</th>
              <th scope="col">{t('calendarPage.waitlist.times')}</th>
              <th scope="col">{t('calendarPage.waitlist.status')}</th>
              <th scope="col">{t('calendarPage.waitlist.offer')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {list.map((entry) => (
              <tr key={entry.id} data-waitlist-entry={entry.id}>
                <td>
                  {entry.name}
                  {entry.guest ? `（${t('calendarPage.waitlist.guest')}）` : ''}
                </td>
                <td data-menu="">{entry.menuName}</td>
                <td>
                  {entry.times.length === 0 ? t('calendarPage.waitlist.wholeDay') : entry.times.map((range) => `${range.start}〜${range.end}`).join('、')}
                </td>
                <td>
                  {entry.offer
                    ? t('calendarPage.waitlist.offered', {
                        time: `${entry.offer.startsAt.slice(5, 10).replace('-', '/')} ${clockOf(entry.offer.startsAt)}`,
                        until: clockOf(entry.offer.expiresAt),
                      })
                    : t(`calendarPage.waitlist.statuses.${entry.status}`)}
                </td>
                <td>
                  {entry.status === 'WAITING' && (
                    <span style={{ display: 'inline-flex', gap: 4, alignItems: 'flex-end' }}>
                      <TextField
                        label={t('calendarPage.waitlist.offerAt')}
                        inputMode="numeric"
                        maxLength={5}
                        placeholder="10:30"
                        value={times[entry.id] ?? ''}
                        onChange={(value) => setTimes((current) => ({ ...current, [entry.id]: value }))}
                      />
                      <Button size="sm" isDisabled={busy === entry.id || !HHMM.test(times[entry.id] ?? '')} onPress={() => void offer(entry)}>
                        {t('calendarPage.waitlist.offer')}
                      </Button>
                    </span>
                  )}
                </td>
                <td>
                  {(entry.status === 'WAITING' || entry.status === 'OFFERED') && (
                    <Button size="sm" variant="secondary" isDisabled={busy === entry.id} onPress={() => void remove(entry)}>
                      {t('calendarPage.waitlist.remove')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </S.Unconfirmed>
  );
}
