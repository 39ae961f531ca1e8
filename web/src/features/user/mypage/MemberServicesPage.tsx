import { Badge, Button, Callout, Card, ConfirmDialog, EmptyState, Grid, Heading, Inline, PageHeader, Stack, Text } from '@clinic/ui-kit';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { HttpError } from '../../../shared/api/http';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { memberApi, reservationMenuNames, type Contract, type MemberReservation } from '../member.api';
import { longDateLabel } from '../member-time';
import { tokyoDate, tokyoTime } from '../../../shared/booking';
import { useMemberSession } from '../MemberSessionContext';
import { LoadError, Loading, errorText } from './parts';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { WaitlistList } from './MemberWaitlistPage';
import { FormsLinkLine, memberFormsLoader, memberFormsPath } from '../../forms/forms-link';

interface ServicesData {
  contracts: Contract[];
  reservations: MemberReservation[];
}

/** Upcoming: still RESERVED and not yet started, soonest first; the rest is the history, newest first. */
export function splitReservations(reservations: readonly MemberReservation[], now: number = Date.now()) {
  const upcoming = reservations
    .filter((r) => r.status === 'RESERVED' && new Date(r.startsAt).getTime() >= now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const past = reservations.filter((r) => !upcoming.includes(r)).sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  return { upcoming, past };
}

/** A deadline refusal: the text, and the clinic's phone to call. */
export interface DeadlineNotice {
  text: string;
  phone: string;
}

/** /user/mypage/services/: contracts, upcoming reservations (change, cancel) and the history. */
export function MemberServicesPage() {
  const t = useT();
  const http = useHttp();
  const navigate = useNavigate();
  const { clinic } = useMemberSession();
  const api = useMemo(() => memberApi(http), [http]);
  const title = t('pages.user.services.title');
  useDocumentTitle(title);
  const [reloadKey, reload] = useReloadKey();
  const state = useLoad<ServicesData>(
    async () => {
      const [contracts, reservations] = await Promise.all([api.contracts(), api.reservations()]);
      return { contracts, reservations };
    },
    [api],
    { reloadKey },
  );
  const [cancelling, setCancelling] = useState<MemberReservation | null>(null);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<DeadlineNotice | null>(null);

  async function cancel(reservation: MemberReservation) {
    setPending(true);
    try {
      const cancelled = await api.cancel(reservation.id);
      setCancelling(null);
      void navigate('/user/mypage/reserve/cancel/done/', { state: { reservation: cancelled } });
    } catch (error) {
      setCancelling(null);
      setPending(false);
      if (error instanceof HttpError && error.code === 'CANCEL_DEADLINE_PASSED') {
        setRefusal({ text: errorText(error, t('errors.http.unexpected')), phone: clinic.phone ?? '' });
      } else {
        reload();
      }
    }
  }

  const today = tokyoDate(new Date());
  const split = state.status === 'ready' ? splitReservations(state.data.reservations) : null;

  return (
    <section>
      <PageHeader title={title} />
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'ready' && split && (
        <Stack gap={6}>
          {refusal && (
            <Callout role="alert">
              <p>{refusal.text}</p>
              {refusal.phone && (
                <p>
                  <a href={`tel:${refusal.phone.replace(/[^\d+]/g, '')}`}>{t('memberPages.common.callClinic', { phone: refusal.phone })}</a>
                </p>
              )}
            </Callout>
          )}
          <WaitlistList api={api} />
          <Stack as="section" gap={3} aria-labelledby="upcoming-heading">
            <Heading level={2} id="upcoming-heading">
              {t('memberPages.services.upcomingTitle')}
            </Heading>
            {split.upcoming.length === 0 ? (
              <EmptyState>{t('memberPages.services.upcomingEmpty')}</EmptyState>
            ) : (
              <Grid as="ul" gap={3} aria-labelledby="upcoming-heading">
                {split.upcoming.map((r) => (
                  <ReservationItem key={r.id} reservation={r}>
                    <UpcomingForms reservationId={r.id} />
                    <Inline grow="phone" align="stretch">
                      <LinkButton data-variant="secondary" to={`/user/mypage/reserve/?change=${encodeURIComponent(r.id)}`}>
                        {t('memberPages.services.change')}
                      </LinkButton>
                      <Button
                        variant="danger"
                        onPress={() => {
                          setRefusal(null);
                          setCancelling(r);
                        }}
                      >
                        {t('memberPages.services.cancel')}
                      </Button>
                    </Inline>
                  </ReservationItem>
                ))}
              </Grid>
            )}
            <Inline grow="phone" align="stretch">
              <LinkButton data-variant="secondary" to="/user/mypage/reserve/">
                {t('memberPages.services.newBooking')}
              </LinkButton>
            </Inline>
          </Stack>

          <Stack as="section" gap={3} aria-labelledby="contracts-heading">
            <Heading level={2} id="contracts-heading">
              {t('memberPages.services.contractsTitle')}
            </Heading>
            {state.data.contracts.length === 0 ? (
              <EmptyState>{t('memberPages.services.contractsEmpty')}</EmptyState>
            ) : (
              <Grid as="ul" gap={3} aria-labelledby="contracts-heading">
                {state.data.contracts.map((c) => {
                  const expired = c.expiresOn !== null && c.expiresOn < today;
                  const usedUp = c.sessionsRemaining <= 0;
                  return (
                    <Card as="li" key={c.id}>
                      <Stack gap={2}>
                        <Heading level={3}>{c.menuName}</Heading>
                        <Text>{t('memberPages.services.remaining', { remaining: c.sessionsRemaining, total: c.sessionsTotal })}</Text>
                        <Text tone="muted" size="sm">
                          {c.expiresOn ? t('memberPages.services.expires', { date: longDateLabel(c.expiresOn) }) : t('memberPages.services.noExpiry')}
                        </Text>
                        {(expired || usedUp) && <Badge>{expired ? t('memberPages.services.expired') : t('memberPages.services.usedUp')}</Badge>}
                      </Stack>
                    </Card>
                  );
                })}
              </Grid>
            )}
            {state.data.contracts.some((c) => c.sessionsRemaining > 0 && (c.expiresOn === null || c.expiresOn >= today)) && (
              <Inline grow="phone" align="stretch">
                <LinkButton data-variant="primary" to="/user/mypage/reserve/?ekimu=true">
                  {t('memberPages.services.bookContract')}
                </LinkButton>
              </Inline>
            )}
          </Stack>

          <Stack as="section" gap={3} aria-labelledby="past-heading">
            <Heading level={2} id="past-heading">
              {t('memberPages.services.pastTitle')}
            </Heading>
            {split.past.length === 0 ? (
              <EmptyState>{t('memberPages.services.pastEmpty')}</EmptyState>
            ) : (
              <Grid as="ul" gap={3} aria-labelledby="past-heading">
                {split.past.map((r) => (
                  <ReservationItem key={r.id} reservation={r} />
                ))}
              </Grid>
            )}
          </Stack>
        </Stack>
      )}
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={t('memberPages.services.cancelTitle')}
        message={
          cancelling
            ? t('memberPages.services.cancelConfirm', {
                date: longDateLabel(cancelling.startsAt),
                time: tokyoTime(cancelling.startsAt),
                menu: reservationMenuNames(cancelling),
              })
            : ''
        }
        tone="danger"
        isPending={pending}
        onConfirm={() => cancelling && void cancel(cancelling)}
        onCancel={() => setCancelling(null)}
      />
    </section>
  );
}

/** The link to the reservation's 問診票・同意書, when it needs any. */
function UpcomingForms({ reservationId }: { reservationId: string }) {
  const http = useHttp();
  const load = useMemo(() => memberFormsLoader(http, reservationId), [http, reservationId]);
  return <FormsLinkLine load={load} to={memberFormsPath(reservationId)} />;
}

function ReservationItem({ reservation, children }: { reservation: MemberReservation; children?: ReactNode }) {
  const t = useT();
  const tone = reservation.status === 'RESERVED' ? 'primary' : reservation.status === 'VISITED' ? 'neutral' : 'danger';
  return (
    <Card as="li">
      <Stack gap={2}>
        <Badge tone={tone}>{t(`memberPages.common.statuses.${reservation.status}`)}</Badge>
        <Heading level={3}>{reservationMenuNames(reservation)}</Heading>
        <Text>
          {t('memberPages.common.dateTime', {
            date: longDateLabel(reservation.startsAt),
            time: t('memberPages.common.timeRange', { start: tokyoTime(reservation.startsAt), end: tokyoTime(reservation.endsAt) }),
          })}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
