import { Card, FactList, Inline, PageHeader, Stack, Text } from '@clinic/ui-kit';
import { useLocation } from 'react-router-dom';
import { useT } from '../../../i18n';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { reservationMenuNames, type MemberReservation } from '../member.api';
import { longDateLabel } from '../member-time';
import { tokyoTime } from '../../../shared/booking';
import { useMemo } from 'react';
import { useHttp } from '../../../shared/api/HttpContext';
import { FormsLinkBox, memberFormsLoader, memberFormsPath } from '../../forms/forms-link';

interface DoneState {
  reservation?: MemberReservation;
  menuName?: string;
  changed?: boolean;
}

function Details({ state }: { state: DoneState | null }) {
  const t = useT();
  const reservation = state?.reservation;
  if (!reservation) return null;
  return (
    <FactList emphasis>
      <dt>{t('memberPages.reserve.menu')}</dt>
      <dd>{state.menuName || reservationMenuNames(reservation)}</dd>
      <dt>{t('memberPages.reserve.dateTime')}</dt>
      <dd>
        {t('memberPages.common.dateTime', {
          date: longDateLabel(reservation.startsAt),
          time: t('memberPages.common.timeRange', { start: tokyoTime(reservation.startsAt), end: tokyoTime(reservation.endsAt) }),
        })}
      </dd>
    </FactList>
  );
}

/** /user/mypage/reserve/done/: the booking (or the change) that was just made. */
export function MemberReserveDonePage() {
  const t = useT();
  const state = (useLocation().state ?? null) as DoneState | null;
  const title = state?.changed ? t('memberPages.done.changeTitle') : t('pages.user.reserveDone.title');
  useDocumentTitle(title);
  const http = useHttp();
  const reservationId = state?.reservation?.id ?? '';
  const loadForms = useMemo(() => memberFormsLoader(http, reservationId), [http, reservationId]);
  return (
    <section>
      <PageHeader title={title} />
      <Card as="div" accent="success" spacious role="status">
        <Stack gap={4}>
          <Text>{state?.changed ? t('memberPages.done.changeBody') : t('memberPages.done.reserveBody')}</Text>
          <Details state={state} />
        </Stack>
      </Card>
      {reservationId && <FormsLinkBox load={loadForms} to={memberFormsPath(reservationId)} />}
      <Inline grow="phone" align="stretch" style={{ marginTop: 'var(--space-5)' }}>
        <LinkButton data-variant="primary" to="/user/mypage/services/">
          {t('memberPages.done.toServices')}
        </LinkButton>
      </Inline>
    </section>
  );
}

/** /user/mypage/reserve/cancel/done/: the cancelled reservation. */
export function MemberCancelDonePage() {
  const t = useT();
  const state = (useLocation().state ?? null) as DoneState | null;
  const title = t('pages.user.cancelDone.title');
  useDocumentTitle(title);
  return (
    <section>
      <PageHeader title={title} />
      <Card as="div" accent="success" spacious role="status">
        <Stack gap={4}>
          <Text>{t('memberPages.done.cancelBody')}</Text>
          <Details state={state} />
        </Stack>
      </Card>
      <Inline grow="phone" align="stretch" style={{ marginTop: 'var(--space-5)' }}>
        <LinkButton data-variant="primary" to="/user/mypage/services/">
          {t('memberPages.done.toServices')}
        </LinkButton>
      </Inline>
    </section>
  );
}
