import { PageHeader, PlainButton, Spinner } from '@clinic/ui-kit';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useLanguage, useT } from '../../i18n';
import { HttpError } from '../../shared/api/http';
import { lineApp } from '../../shared/api/endpoints';
import { useApi } from '../../shared/api/HttpContext';
import { dateTimeLabel, tokyoTime } from '../../shared/booking';
import { LinkButton } from '../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { useLoad, useReloadKey } from '../../shared/useLoad';
import { GuestReservePage } from '../guest/GuestReservePage';
import { GuestWaitlistPage } from '../guest/GuestWaitlistPage';
import { Actions, Alert, Info, Lead, Section, Summary } from '../guest/guest.styles';
import { useLineApp } from './LineAppContext';

/**
 * `/line/app/`: the booking flow of the web pages (clinic, menu, time, confirm). A LINE guest gives
 * a name and a phone (a katakana reading in Japanese) and is reached by LINE; a member linked to
 * LINE is logged in already and books on the member page.
 */
export function LineAppBookPage() {
  const t = useT();
  const session = useLineApp();
  if (session.member) {
    return (
      <section>
        <PageHeader title={t('pages.guest.reserve.title')} />
        <Lead>{t('lineApp.member', { name: session.member.name })}</Lead>
        <Actions>
          <LinkButton to="/user/mypage/reserve/" data-variant="primary">
            {t('lineApp.memberBook')}
          </LinkButton>
        </Actions>
      </section>
    );
  }
  return <GuestReservePage variant="line" />;
}

/** `/line/app/reservations/`: the LINE user's visits to come, each with its cancel (deadlines apply). */
export function LineAppReservationsPage() {
  const t = useT();
  const language = useLanguage();
  const api = useApi({ lineApp }).lineApp;
  const location = useLocation();
  const justBooked = (location.state as { bookedId?: string } | null)?.bookedId ?? null;
  useDocumentTitle(t('lineApp.list.title'));
  const [asking, setAsking] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  // The list stays on screen while it is read again after a cancel.
  const [reloadKey, reload] = useReloadKey();
  const loaded = useLoad(() => api.reservations({}, { notifyErrors: false }), [api], { reloadKey, keepWhileReloading: true });
  const list = loaded.status === 'ready' ? loaded.data : loaded.status === 'failed' ? [] : null;
  const [cancelFailure, setFailure] = useState<string | null>(null);
  const failure = cancelFailure ?? (loaded.status === 'failed' ? (loaded.error instanceof HttpError ? loaded.error.notice.text : t('lineApp.failed')) : null);

  const cancel = async (id: string) => {
    setPending(true);
    setFailure(null);
    try {
      await api.cancel({ params: { id } }, { notifyErrors: false });
      setCancelled(true);
      setAsking(null);
      reload();
    } catch (error) {
      setFailure(error instanceof HttpError ? error.notice.text : t('lineApp.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <section>
      <PageHeader title={t('lineApp.list.title')} />
      {justBooked && !cancelled && <Lead role="status">{t('lineApp.list.booked')}</Lead>}
      {cancelled && <Lead role="status">{t('lineApp.list.cancelled')}</Lead>}
      {failure && <Alert role="alert">{failure}</Alert>}
      {list === null ? (
        <Spinner label={t('guestBooking.loading')} />
      ) : list.length === 0 ? (
        <Info>{t('lineApp.list.empty')}</Info>
      ) : (
        <ul data-testid="line-bookings" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((reservation) => (
            <li key={reservation.id}>
              <Section aria-label={dateTimeLabel(reservation.startsAt, language)}>
                <Summary>
                  <dt>{t('guestBooking.confirm.dateTime')}</dt>
                  <dd>{`${dateTimeLabel(reservation.startsAt, language)}${language === 'ja' ? '〜' : '–'}${tokyoTime(reservation.endsAt)}`}</dd>
                  <dt>{t('guestBooking.confirm.menu')}</dt>
                  <dd>{reservation.menus.map((menu) => menu.name).join(language === 'ja' ? '、' : ', ')}</dd>
                  {reservation.confirmedAt && (
                    <>
                      <dt>{t('lineApp.list.confirmed')}</dt>
                      <dd>✓</dd>
                    </>
                  )}
                </Summary>
                {/* The question above its two answers (Actions lays its buttons out in a row of its own). */}
                {asking === reservation.id && <p>{t('lineApp.list.cancelSure')}</p>}
                <Actions>
                  {asking === reservation.id ? (
                    <>
                      <PlainButton variant="danger" isPending={pending} onPress={() => void cancel(reservation.id)}>
                        {t('lineApp.list.cancelYes')}
                      </PlainButton>
                      <PlainButton variant="secondary" isDisabled={pending} onPress={() => setAsking(null)}>
                        {t('lineApp.list.cancelNo')}
                      </PlainButton>
                    </>
                  ) : (
                    <PlainButton variant="secondary" onPress={() => setAsking(reservation.id)}>
                      {t('lineApp.list.cancel')}
                    </PlainButton>
                  )}
                </Actions>
              </Section>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `/line/app/waitlist/`: the waitlist of the web pages for a LINE guest (from the booking page's
 * day and time step): a name and a phone, no e-mail; the registration and the offers come by LINE,
 * whose button opens the entry's page (`/guest/waitlist/?token=…`) to take the time. A member
 * linked to LINE (the button of their offer opens the app here) goes on to their waitlist page.
 */
export function LineAppWaitlistPage() {
  const session = useLineApp();
  // A linked member (logged in by the app): their own waitlist, where an offer is taken.
  if (session.member) return <Navigate to="/user/mypage/waitlist/" replace />;
  return <GuestWaitlistPage variant="line" />;
}
