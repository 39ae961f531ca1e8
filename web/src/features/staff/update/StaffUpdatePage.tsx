import { Card, Grid, PageHeader, Spinner, Text } from '@clinic/ui-kit';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { useLoad } from '../../../shared/useLoad';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useStaffSession } from '../StaffSessionContext';
import { calendarApi, type Reservation } from '../calendar/calendar.api';
import { tokyoParts } from '../staffs/schedule-time';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;

  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: var(--space-1) var(--space-3);
    padding: var(--space-3) 0;
    border-bottom: 1px solid var(--color-border);
  }
  li:last-child {
    border-bottom: none;
  }
  strong {
    font-weight: 600;
  }
  small {
    grid-column: 1 / -1;
    color: var(--color-muted);
  }
  a {
    color: var(--color-primary);
    font-weight: 600;
    align-self: center;
    white-space: nowrap;
  }
`;

const when = (instant: string) => {
  const { date, time } = tokyoParts(instant);
  return { date, text: `${date.replaceAll('-', '/')} ${time}` };
};

function ReservationList(props: { items: Reservation[]; empty: string; stampKey: 'receivedAt' | 'cancelledAt'; clinicId: string }) {
  const t = useT();
  if (props.items.length === 0) return <Text tone="muted">{props.empty}</Text>;
  return (
    <List>
      {props.items.map((r) => {
        const start = when(r.startsAt);
        const stamp = props.stampKey === 'cancelledAt' ? r.cancelledAt : r.createdAt;
        const href = `/staff/calendar/?clinicId=${encodeURIComponent(props.clinicId)}&date=${start.date}&view=day`;
        return (
          <li key={r.id}>
            <div>
              <strong>{start.text}</strong> {r.user.name}
              <div>{r.menus.map((m) => m.name).join('、')}</div>
            </div>
            <Link to={href} aria-label={t('calendarPage.update.openDay', { date: start.text })}>
              {t('calendarPage.update.open')}
            </Link>
            {stamp && (
              <small>
                {t(`calendarPage.update.${props.stampKey}`)}: {when(stamp).text}
              </small>
            )}
          </li>
        );
      })}
    </List>
  );
}

/** `/staff/update/` (新着): recent bookings and cancellations of the selected clinic. */
export function StaffUpdatePage() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => calendarApi(http), [http]);
  const { selectedClinic } = useStaffSession();
  const clinicId = selectedClinic?.id ?? null;
  useDocumentTitle(t('calendarPage.update.title'));
  const state = useLoad(() => (clinicId ? Promise.all([api.recent(clinicId), api.recentCancelled(clinicId)]) : Promise.resolve(null)), [api, clinicId]);

  const section = (title: string, content: (data: [Reservation[], Reservation[]]) => ReactNode) => (
    <Card title={title}>
      {state.status === 'loading' ? (
        <Spinner label={t('app.loading')} />
      ) : state.status === 'failed' || !state.data ? (
        <Text tone="muted" role="alert">
          {clinicId ? t('calendarPage.update.loadFailed') : t('calendarPage.noClinic')}
        </Text>
      ) : (
        content(state.data)
      )}
    </Card>
  );

  return (
    <>
      <PageHeader title={t('calendarPage.update.title')} description={t('calendarPage.update.description')} />
      <Grid from="lg" gap={5} align="start">
        {section(t('calendarPage.update.recent'), ([recent]) => (
          <ReservationList items={recent} empty={t('calendarPage.update.emptyRecent')} stampKey="receivedAt" clinicId={clinicId ?? ''} />
        ))}
        {section(t('calendarPage.update.cancelled'), ([, cancelled]) => (
          <ReservationList items={cancelled} empty={t('calendarPage.update.emptyCancelled')} stampKey="cancelledAt" clinicId={clinicId ?? ''} />
        ))}
      </Grid>
    </>
  );
}
