import { PageHeader, PlainButton } from '@clinic/ui-kit';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useLanguage, useT } from '../../i18n';
import { AnchorButton, LinkButton } from '../../shared/ui/LinkButton';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { dateTimeLabel, tokyoTime } from '../../shared/booking';
import { titleQuery, type DoneBooking } from './booking-logic';
import { buildIcs, cancelPath, loadDone } from './guest-done';
import { cancelByToken, confirmVisitByToken, type CancelOutcome, type ConfirmOutcome } from './guest-token-api';
import { Actions, Alert, Lead, Section, Summary } from './guest.styles';
import { useHttp } from '../../shared/api/HttpContext';
import { FormsLinkBox, guestFormsLoader, guestFormsPath } from '../forms/forms-link';

const readDone = (): DoneBooking | null => (typeof sessionStorage === 'undefined' ? null : loadDone(sessionStorage));

/** `/guest/reserve/done/`: the booking from sessionStorage (never from the URL), .ics, cancel link. */
export function GuestReserveDonePage() {
  const t = useT();
  const language = useLanguage();
  const [params] = useSearchParams();
  useDocumentTitle(t('guestBooking.done.title'));
  const booking = useMemo(readDone, []);
  const http = useHttp();
  const cancelToken = booking?.cancelToken ?? '';
  const loadForms = useCallback(() => guestFormsLoader(http, cancelToken)(), [http, cancelToken]);
  const icsHref = useMemo(() => {
    if (!booking || typeof URL.createObjectURL !== 'function') return null;
    const text = buildIcs({
      uid: `${booking.id}@clinic-reservation`,
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      summary: `${booking.menuName}（${booking.clinicName}）`,
      location: booking.clinicName,
      description: booking.clinicPhone ? `${booking.clinicName} ${booking.clinicPhone}` : booking.clinicName,
    });
    return URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  }, [booking]);
  useEffect(() => () => void (icsHref && URL.revokeObjectURL(icsHref)), [icsHref]);

  if (!booking) {
    return (
      <section>
        <PageHeader title={t('guestBooking.done.title')} />
        <Lead>{t('guestBooking.done.missing')}</Lead>
        <Actions>
          <LinkButton to={`/guest/reserve/${titleQuery(params)}`} data-variant="primary">
            {t('guestBooking.done.again')}
          </LinkButton>
        </Actions>
      </section>
    );
  }
  return (
    <section>
      <PageHeader title={t('guestBooking.done.title')} />
      <Lead>{t('guestBooking.done.lead')}</Lead>
      <Summary data-testid="guest-done-summary">
        <dt>{t('guestBooking.confirm.clinic')}</dt>
        <dd>{booking.clinicName}</dd>
        <dt>{t('guestBooking.confirm.menu')}</dt>
        <dd>{booking.menuName}</dd>
        <dt>{t('guestBooking.confirm.dateTime')}</dt>
        <dd>{`${dateTimeLabel(booking.startsAt, language)}${language === 'ja' ? '〜' : '–'}${tokyoTime(booking.endsAt)}`}</dd>
        <dt>{t('guestBooking.form.name')}</dt>
        <dd>{booking.guestName}</dd>
      </Summary>
      {booking.cancelToken && <FormsLinkBox load={loadForms} to={guestFormsPath(booking.cancelToken)} />}
      {icsHref && (
        <Actions>
          <AnchorButton href={icsHref} download="reservation.ics" type="text/calendar" data-variant="secondary">
            {t('guestBooking.done.ics')}
          </AnchorButton>
        </Actions>
      )}
      <Section aria-labelledby="guest-cancel-heading" style={{ marginTop: 'var(--space-6)' }}>
        <h2 id="guest-cancel-heading">{t('guestBooking.done.cancelHeading')}</h2>
        <Lead>{t('guestBooking.done.cancelText', { email: booking.email })}</Lead>
        <Link to={cancelPath(booking.cancelToken)} data-testid="guest-cancel-link">
          {t('guestBooking.done.cancelLink')}
        </Link>
      </Section>
    </section>
  );
}

/** `/guest/reserve/cancel/?token=…`: confirm, then cancel with the token. */
export function GuestCancelPage() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useDocumentTitle(t('guestBooking.cancel.title'));
  const token = params.get('token')?.trim() ?? '';
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Extract<CancelOutcome, { ok: false }> | null>(null);
  // The booking this browser just made, when the link is its own.
  const booking = useMemo(() => {
    const done = readDone();
    return done && done.cancelToken === token ? done : null;
  }, [token]);

  const cancel = async () => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    const outcome = await cancelByToken(token);
    if (outcome.ok) {
      try {
        sessionStorage.removeItem('guestBooking.done');
      } catch {
        // nothing kept
      }
      navigate(`/guest/reserve/cancel/done/${titleQuery(params)}`, { replace: true });
      return;
    }
    setPending(false);
    setFailure(outcome);
  };

  return (
    <section>
      <PageHeader title={t('guestBooking.cancel.title')} />
      {!token ? (
        <Alert role="alert">{t('errors.codes.INVALID_TOKEN')}</Alert>
      ) : (
        <>
          {failure && (
            <Alert role="alert" data-code={failure.code}>
              {failure.text}
              {failure.phone && (
                <>
                  {'\n'}
                  <a href={`tel:${failure.phone.replace(/[^\d+]/g, '')}`}>{t('guestBooking.cancel.call', { phone: failure.phone })}</a>
                </>
              )}
            </Alert>
          )}
          {booking && (
            <Summary>
              <dt>{t('guestBooking.confirm.clinic')}</dt>
              <dd>{booking.clinicName}</dd>
              <dt>{t('guestBooking.confirm.menu')}</dt>
              <dd>{booking.menuName}</dd>
              <dt>{t('guestBooking.confirm.dateTime')}</dt>
              <dd>{dateTimeLabel(booking.startsAt, language)}</dd>
            </Summary>
          )}
          {/* A named refusal (invalid token, deadline, already cancelled) is final; a lost answer may be retried. */}
          {!failure?.code && (
            <>
              <Lead>{t('guestBooking.cancel.confirm')}</Lead>
              <Actions>
                <PlainButton variant="danger" isPending={pending} onPress={() => void cancel()}>
                  {t('guestBooking.cancel.submit')}
                </PlainButton>
              </Actions>
            </>
          )}
        </>
      )}
    </section>
  );
}

/**
 * `/guest/reservations/confirm/?token=…`: the link of a reminder to a guest, with its confirm-only
 * token. Opening it confirms nothing: a mail scanner or a link preview opens links too. The guest
 * presses 「来院します」 (a second press keeps the first time).
 */
export function GuestVisitConfirmPage() {
  const t = useT();
  const language = useLanguage();
  const [params] = useSearchParams();
  useDocumentTitle(t('guestBooking.visitConfirm.title'));
  const token = params.get('token')?.trim() ?? '';
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<ConfirmOutcome | null>(null);
  const confirm = async () => {
    setPending(true);
    setOutcome(await confirmVisitByToken(token));
    setPending(false);
  };

  return (
    <section>
      <PageHeader title={t('guestBooking.visitConfirm.title')} />
      {!token ? (
        <Alert role="alert">{t('errors.codes.INVALID_TOKEN')}</Alert>
      ) : !outcome ? (
        <>
          <Lead>{t('guestBooking.visitConfirm.lead')}</Lead>
          <Actions>
            <PlainButton isPending={pending} onPress={() => void confirm()}>
              {t('guestBooking.visitConfirm.submit')}
            </PlainButton>
          </Actions>
          {pending && <Lead role="status">{t('guestBooking.visitConfirm.confirming')}</Lead>}
        </>
      ) : !outcome.ok ? (
        <Alert role="alert" data-code={outcome.code}>
          {outcome.text}
          {outcome.phone && (
            <>
              {'\n'}
              <a href={`tel:${outcome.phone.replace(/[^\d+]/g, '')}`}>{t('guestBooking.cancel.call', { phone: outcome.phone })}</a>
            </>
          )}
        </Alert>
      ) : (
        <div role="status" data-testid="visit-confirmed">
          <Lead>
            <strong>{t('guestBooking.visitConfirm.done')}</strong>
          </Lead>
          <Summary>
            <dt>{t('guestBooking.confirm.menu')}</dt>
            <dd>{outcome.visit.menus.map((menu) => menu.name).join('、')}</dd>
            <dt>{t('guestBooking.confirm.dateTime')}</dt>
            <dd>{`${dateTimeLabel(outcome.visit.startsAt, language)}${language === 'ja' ? '〜' : '–'}${tokyoTime(outcome.visit.endsAt)}`}</dd>
          </Summary>
          <Lead>{t('guestBooking.visitConfirm.body')}</Lead>
        </div>
      )}
    </section>
  );
}

export function GuestCancelDonePage() {
  const t = useT();
  const [params] = useSearchParams();
  useDocumentTitle(t('guestBooking.cancel.doneTitle'));
  return (
    <section>
      <PageHeader title={t('guestBooking.cancel.doneTitle')} />
      <Lead>{t('guestBooking.cancel.doneText')}</Lead>
      <Actions>
        <LinkButton to={`/guest/reserve/${titleQuery(params)}`} data-variant="secondary">
          {t('guestBooking.cancel.toReserve')}
        </LinkButton>
      </Actions>
    </section>
  );
}

/** `/guest/reserve/ad/?campaign=…`: a promo entry; the campaign travels with the booking. */
export function GuestAdPage() {
  const t = useT();
  const [params] = useSearchParams();
  useDocumentTitle(t('guestBooking.ad.title'));
  const next = new URLSearchParams();
  for (const key of ['campaign', 'title', 'menuIds'] as const) {
    const value = params.get(key)?.trim();
    if (value) next.set(key, value.slice(0, 100));
  }
  const query = next.toString();
  return (
    <section>
      <PageHeader title={t('guestBooking.ad.title')} />
      <Lead>
        <strong>{t('guestBooking.ad.lead')}</strong>
      </Lead>
      <Lead>{t('guestBooking.ad.body')}</Lead>
      <Actions>
        <LinkButton to={`/guest/reserve/${query ? `?${query}` : ''}`} data-variant="primary">
          {t('guestBooking.ad.cta')}
        </LinkButton>
      </Actions>
    </section>
  );
}

/** `/guest/register/done/`: registration is completed at the clinic (仮会員 → 本登録). */
export function GuestRegisterDonePage() {
  const t = useT();
  useDocumentTitle(t('guestBooking.registerDone.title'));
  return (
    <section>
      <PageHeader title={t('guestBooking.registerDone.title')} />
      <Lead>
        <strong>{t('guestBooking.registerDone.lead')}</strong>
      </Lead>
      <Lead>{t('guestBooking.registerDone.body')}</Lead>
      <Actions>
        <LinkButton to="/" data-variant="secondary">
          {t('guestLayout.toTop')}
        </LinkButton>
      </Actions>
    </section>
  );
}
