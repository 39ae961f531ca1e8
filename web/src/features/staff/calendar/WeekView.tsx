import { Link } from 'react-router-dom';
import { useT } from '../../../i18n';
import type { ClinicDetail, Reservation, Schedule } from './calendar.api';
import * as S from './calendar.styles';
import { dayWindow, type Row } from './layout';
import { addDays } from '../staffs/schedule-time';

/** Seven days × staff: working hours and the number of live reservations; a day opens its day view. */
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
  const counts = new Map<string, number>();
  for (const reservation of props.reservations) {
    if (reservation.status === 'CANCELLED' || reservation.status === 'NOT_VISITED') continue;
    const date = new Date(Date.parse(reservation.startsAt) + 9 * 3_600_000).toISOString().slice(0, 10);
    for (const staffId of new Set(reservation.tasks.map((task) => task.staffId).filter((id) => id !== null))) {
      const key = `${staffId}|${date}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
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
                const count = counts.get(`${row.id}|${day}`) ?? 0;
                return (
                  <td key={day} data-off={schedule ? undefined : ''}>
                    <div>{schedule ? `${schedule.start}–${schedule.end}` : t('calendarPage.week.off')}</div>
                    {count > 0 && <div>{t('calendarPage.week.reservations', { count })}</div>}
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
