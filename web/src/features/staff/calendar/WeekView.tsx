import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import type { ClinicDetail, Reservation, Schedule } from './calendar.api';
import * as S from './calendar.styles';
import { dayWindow, type Row } from './layout';
import { addDays } from '../staffs/schedule-time';
import { visitFormStatus } from '@clinic/ui-kit';
import { formsOf } from '../forms/VisitFormsBadge';

/**
 * Seven days × staff: working hours, the number of live reservations and, as the day view's blocks
 * mark them, how many of them still wait for the person's 問診票・同意書 and how many carry a flag
 * staff must see; a day opens its day view.
 */
export function WeekView(props: {
  from: string;
  clinic: ClinicDetail;
  rows: readonly Row[];
  schedules: readonly Schedule[];
  reservations: readonly Reservation[];
  dayLabel: (iso: string) => string;
  dayHref: (iso: string) => string;
}) {
  const t = useT();
  const days = Array.from({ length: 7 }, (_, i) => addDays(props.from, i));
  const staffRows = props.rows.filter((row) => row.type === 'STAFF');
  const counts = new Map<string, { visits: number; pending: number; flagged: number }>();
  for (const reservation of props.reservations) {
    if (reservation.status === 'CANCELLED' || reservation.status === 'NOT_VISITED') continue;
    const date = new Date(Date.parse(reservation.startsAt) + 9 * 3_600_000).toISOString().slice(0, 10);
    const forms = formsOf(reservation);
    const pending = visitFormStatus(forms)?.status === 'pending' ? 1 : 0;
    const flagged = forms && forms.flags.length > 0 ? 1 : 0;
    for (const staffId of new Set(reservation.tasks.map((task) => task.staffId).filter((id) => id !== null))) {
      const key = `${staffId}|${date}`;
      const count = counts.get(key) ?? { visits: 0, pending: 0, flagged: 0 };
      counts.set(key, { visits: count.visits + 1, pending: count.pending + pending, flagged: count.flagged + flagged });
    }
  }
  if (staffRows.length === 0) return <S.Message>{t('calendarPage.week.noStaff')}</S.Message>;
  return (
    <S.Scroller role="region" aria-label={t('calendarPage.week.label', { from: props.dayLabel(props.from) })} tabIndex={0}>
      <S.WeekTable>
        <thead>
          <tr>
            <th scope="col">{t('calendarPage.week.staff')}</th>
            {days.map((day) => (
              <th key={day} scope="col">
                <Link to={props.dayHref(day)} aria-label={t('calendarPage.week.openDay', { date: props.dayLabel(day) })}>
                  {props.dayLabel(day)}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {staffRows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              {days.map((day) => {
                if (dayWindow(props.clinic, day).kind === 'closed')
                  return (
                    <td key={day} data-off="">
                      {t('calendarPage.week.closed')}
                    </td>
                  );
                const schedule = props.schedules.find((s) => s.staffId === row.id && s.date === day);
                const count = counts.get(`${row.id}|${day}`);
                return (
                  <td key={day} data-off={schedule ? undefined : ''}>
                    <div>{schedule ? `${schedule.start}–${schedule.end}` : t('calendarPage.week.off')}</div>
                    {count && <div>{t('calendarPage.week.reservations', { count: count.visits })}</div>}
                    {count && count.pending > 0 && <div data-forms="pending">{t('calendarPage.week.formsPending', { count: count.pending })}</div>}
                    {count && count.flagged > 0 && <div data-forms-flags="">{t('calendarPage.week.formsFlagged', { count: count.flagged })}</div>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </S.WeekTable>
    </S.Scroller>
  );
}
