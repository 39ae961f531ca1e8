import { Spinner } from '@clinic/ui-kit';
import { useMemo } from 'react';
import { useT } from '../../../i18n';
import { useLoad } from '../../../shared/useLoad';
import type { CalendarApi, Reservation } from './calendar.api';
import * as S from './calendar.styles';
import { clockOf } from './layout';

/** The day's visits still to be confirmed: RESERVED, starting that day, without a confirmation. */
export function unconfirmedOf(reservations: readonly Reservation[], date: string): Reservation[] {
  const dayStart = Date.parse(`${date}T00:00:00+09:00`);
  return reservations
    .filter((r) => r.status === 'RESERVED' && !r.confirmedAt)
    .filter((r) => {
      const start = Date.parse(r.startsAt);
      return start >= dayStart && start < dayStart + 86_400_000;
    })
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || Number(a.id) - Number(b.id));
}

/**
 * 「未確認のみ」: the day's unconfirmed visits with the member's phone, so that reception can
 * call them. The phones are read only when the list is shown (one call per 100 members).
 */
export function UnconfirmedList(props: { api: CalendarApi; reservations: readonly Reservation[]; date: string; onOpen: (id: string) => void }) {
  const t = useT();
  const list = useMemo(() => unconfirmedOf(props.reservations, props.date), [props.reservations, props.date]);
  // The members' ids as one string: the phones are read again only when the set of members changes.
  const idList = useMemo(() => [...new Set(list.map((r) => r.user.id))].join(','), [list]);
  const contacts = useLoad(async () => {
    const ids = idList === '' ? [] : idList.split(',');
    const chunks = Array.from({ length: Math.ceil(ids.length / 100) }, (_, i) => ids.slice(i * 100, i * 100 + 100));
    const answers = await Promise.all(chunks.map((chunk) => props.api.memberContacts(chunk)));
    return new Map(answers.flat().map((member) => [member.id, member.phone]));
  }, [props.api, idList]);
  const phones = contacts.status === 'ready' ? contacts.data : null;

  return (
    <S.Unconfirmed aria-labelledby="calendar-unconfirmed-title" data-testid="unconfirmed-list">
      <h2 id="calendar-unconfirmed-title">{t('calendarPage.unconfirmed.title', { count: list.length })}</h2>
      {list.length === 0 ? (
        <S.Muted>{t('calendarPage.unconfirmed.none')}</S.Muted>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('calendarPage.unconfirmed.time')}</th>
              <th scope="col">{t('calendarPage.unconfirmed.name')}</th>
              <th scope="col">{t('calendarPage.unconfirmed.phone')}</th>
              <th scope="col">{t('calendarPage.unconfirmed.menu')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => {
              const phone = phones?.get(r.user.id) ?? '';
              return (
                <tr key={r.id} data-reservation-row={r.id}>
                  <td>{clockOf(r.startsAt)}</td>
                  <td>
                    <button type="button" onClick={() => props.onOpen(r.id)}>
                      {r.user.name}
                    </button>
                  </td>
                  <td>
                    {phone ? (
                      <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
                    ) : contacts.status === 'loading' ? (
                      <Spinner label={t('calendarPage.unconfirmed.loadingPhones')} />
                    ) : (
                      '—'
                    )}
                  </td>
                  <td data-menu="">{r.menus.map((m) => m.name).join('・')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </S.Unconfirmed>
  );
}
