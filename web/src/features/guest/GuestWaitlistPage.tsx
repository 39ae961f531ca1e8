import { PageHeader, PlainButton as Button } from '@clinic/ui-kit';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useLanguage, useT } from '../../i18n';
import type { Language } from '../../i18n/languages';
import type { Answer, Input } from '../../shared/api/api';
import { guestWaitlist } from '../../shared/api/endpoints';
import { HttpError } from '../../shared/api/http';
import { useApi, useHttp } from '../../shared/api/HttpContext';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import { bookingWindow, dateLabel, dateTimeLabel, tokyoTime } from '../../shared/booking';
import { EMPTY_FORM, hasProblems, normalizeForm, validateForm, type GuestForm } from './booking-logic';
import { cancelPath } from './guest-done';
import { GuestDetailsFields } from './GuestDetailsFields';
import { Actions, Alert, Field, Lead, Section, Summary } from './guest.styles';
import { guestWaitlistTexts, type GuestWaitlistTexts } from '../../i18n/guest-waitlist';

/** The entry as its token's link shows it (GET /api/guests/waitlist). */
type GuestEntry = Answer<'guestWaitlist', 'get'>;

const quiet = { notifyErrors: false } as const;

/** The answer, or the refusal's text (the client's notice: the server's words, in the page's language) and code. */
async function call<T>(send: () => Promise<T>): Promise<{ ok: true; json: T } | { ok: false; text: string; code?: string }> {
  try {
    return { ok: true, json: await send() };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { ok: false, text: error.notice.text, ...(error.code ? { code: error.code } : {}) };
  }
}

/** Start times offered for the range: on the hour, 09:00 to 21:00. */
const HOURS = Array.from({ length: 13 }, (_, i) => `${String(9 + i).padStart(2, '0')}:00`);
const ANY = '';

/**
 * `/guest/waitlist/?clinicId=…&menuId=…`, linked from the booking page's day and time step:
 * a date range in the 30-day window, optionally a range of start times, and the guest's details
 * (kana in Japanese only). Registered, the page shows the entry by its token, as the mail's link does.
 */
function GuestWaitlistJoin(props: { clinicId: string; menuId: string; language: Language; w: GuestWaitlistTexts; inLine: boolean }) {
  const { language, w, inLine } = props;
  const t = useT();
  const http = useHttp();
  const api = useApi({ guestWaitlist });
  const navigate = useNavigate();
  const window30 = useMemo(() => bookingWindow(new Date()), []);
  const [from, setFrom] = useState(window30.from);
  const [to, setTo] = useState(window30.from);
  const [timeFrom, setTimeFrom] = useState(ANY);
  const [timeTo, setTimeTo] = useState(ANY);
  const [form, setForm] = useState<GuestForm>(EMPTY_FORM);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problems = validateForm(form, language, { email: !inLine });

  async function join() {
    setSubmitted(true);
    setError(null);
    if (hasProblems(problems)) return;
    setPending(true);
    const times = timeFrom && timeTo && timeFrom < timeTo ? [{ start: timeFrom, end: timeTo }] : timeFrom && !timeTo ? [{ start: timeFrom, end: '23:59' }] : [];
    const { kana, email, ...named } = normalizeForm(form);
    // In the LINE app the LINE user of the session is reached by LINE: no e-mail.
    const guest = inLine ? named : { ...named, email };
    const body: Input<'guestWaitlist', 'join'>['body'] = {
      clinicId: props.clinicId,
      menuId: props.menuId,
      from: from <= to ? from : to,
      to: from <= to ? to : from,
      times,
      guest: language === 'ja' ? { ...guest, kana } : guest,
    };
    let answer = await call(() => api.guestWaitlist.join({ body }, quiet));
    // Several registrations from one connection: the guard wants a proof of work, solved here.
    if (!answer.ok && answer.code === 'CHALLENGE_REQUIRED') {
      const { solveGuestChallenge } = await import('./guest-challenge');
      const challenge = await solveGuestChallenge(http);
      answer = await call(() => api.guestWaitlist.join({ body: { ...body, challenge } }, quiet));
    }
    setPending(false);
    if (!answer.ok) {
      setError(answer.text);
      return;
    }
    void navigate(`${inLine ? '/line/app/waitlist/' : '/guest/waitlist/'}?token=${encodeURIComponent(answer.json.token)}`, { replace: true });
  }

  const select = (id: string, label: string, value: string, onChange: (value: string) => void, options: { id: string; label: string }[]) => (
    <Field>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
  const days = window30.days.map((day) => ({ id: day, label: dateLabel(day, language) }));
  const hours = [{ id: ANY, label: w.anyTime }, ...HOURS.map((hour) => ({ id: hour, label: hour }))];
  return (
    <form
      noValidate
      data-testid="guest-waitlist-join"
      onSubmit={(event) => {
        event.preventDefault();
        void join();
      }}
    >
      <Lead>{inLine ? w.joinLeadLine : w.joinLead}</Lead>
      <Section aria-label={w.joinTitle}>
        {select('waitlist-from', w.from, from, setFrom, days)}
        {select('waitlist-to', w.to, to, setTo, days)}
        {select('waitlist-time-from', w.timeFrom, timeFrom, setTimeFrom, hours)}
        {select('waitlist-time-to', w.timeTo, timeTo, setTimeTo, hours)}
        {submitted && hasProblems(problems) && <Alert role="alert">{t('guestBooking.form.invalid')}</Alert>}
        <GuestDetailsFields
          idPrefix="waitlist"
          language={language}
          form={form}
          problems={submitted ? problems : null}
          onChange={(field, value) => setForm({ ...form, [field]: value })}
          withEmail={!inLine}
        />
        {error && <Alert role="alert">{error}</Alert>}
      </Section>
      <Actions>
        <Button type="submit" isPending={pending}>
          {w.join}
        </Button>
      </Actions>
    </form>
  );
}

/**
 * `/guest/waitlist/?token=…`, the link of a guest's registration and offer mails: the entry, the
 * time held for them with its deadline, and buttons to book it, decline it or leave the waitlist.
 */
export function GuestWaitlistPage({ variant = 'web' }: { readonly variant?: 'web' | 'line' } = {}) {
  const t = useT();
  const api = useApi({ guestWaitlist });
  const language = useLanguage();
  const w = guestWaitlistTexts[language];
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const joinTo =
    token || !(params.has('clinicId') || params.has('menuId'))
      ? null
      : { clinicId: params.get('clinicId')?.trim() ?? '', menuId: params.get('menuId')?.trim() ?? '' };
  useDocumentTitle(joinTo ? w.joinTitle : w.title);
  const [entry, setEntry] = useState<GuestEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; cancelToken?: string } | null>(null);
  const [pending, setPending] = useState(false);

  const load = useCallback(async () => {
    const answer = await call(() => api.guestWaitlist.get({ query: { token } }, quiet));
    if (answer.ok) setEntry(answer.json);
    else setError(answer.text);
  }, [token, api]);
  useEffect(() => {
    if (token) void load();
    // Again when the language changes: the menu's name comes in the page's language.
  }, [token, load, language]);

  async function act(kind: 'accept' | 'decline' | 'cancel') {
    setPending(true);
    setError(null);
    const answer =
      kind === 'accept'
        ? await call(() => api.guestWaitlist.accept({ body: { token } }, quiet))
        : await call(() => api.guestWaitlist[kind]({ body: { token } }, quiet));
    setPending(false);
    if (!answer.ok) {
      setError(answer.text);
      await load();
      return;
    }
    const cancelToken = kind === 'accept' ? answer.json?.cancelToken : undefined;
    setDone({ text: w[kind === 'accept' ? 'accepted' : kind === 'decline' ? 'declined' : 'cancelled'], ...(cancelToken ? { cancelToken } : {}) });
    await load();
  }

  const times = entry?.times.length ? entry.times.map((range) => `${range.start}〜${range.end}`).join(', ') : w.wholeDay;
  return (
    <section>
      <PageHeader title={joinTo ? w.joinTitle : w.title} />
      {!token && !joinTo && <Alert role="alert">{t('errors.codes.INVALID_TOKEN')}</Alert>}
      {joinTo &&
        (joinTo.clinicId && joinTo.menuId ? (
          <GuestWaitlistJoin clinicId={joinTo.clinicId} menuId={joinTo.menuId} language={language} w={w} inLine={variant === 'line'} />
        ) : (
          <Alert role="alert">{w.joinMissing}</Alert>
        ))}
      {error && <Alert role="alert">{error}</Alert>}
      {done && (
        <div role="status" data-testid="guest-waitlist-done">
          <Lead>
            <strong>{done.text}</strong>
          </Lead>
          {done.cancelToken && <Link to={cancelPath(done.cancelToken)}>{w.cancelReservation}</Link>}
        </div>
      )}
      {token && !entry && !error && <Lead role="status">{w.loading}</Lead>}
      {entry && (
        <>
          <Summary data-testid="guest-waitlist">
            <dt>{w.menu}</dt>
            <dd>{entry.menuName}</dd>
            <dt>{w.days}</dt>
            <dd>{`${dateTimeLabel(`${entry.from}T00:00:00+09:00`, language).split(' ')[0]} – ${dateTimeLabel(`${entry.to}T00:00:00+09:00`, language).split(' ')[0]}`}</dd>
            <dt>{w.times}</dt>
            <dd>{times}</dd>
            <dt>{w.status}</dt>
            <dd>{w.statuses[entry.status]}</dd>
            {entry.offer && (
              <>
                <dt>{w.offer}</dt>
                <dd>
                  <strong>{`${dateTimeLabel(entry.offer.startsAt, language)}〜${tokyoTime(entry.offer.endsAt)}`}</strong>
                </dd>
                <dt>{w.until}</dt>
                <dd>{dateTimeLabel(entry.offer.expiresAt, language)}</dd>
              </>
            )}
          </Summary>
          <Actions>
            {entry.status === 'OFFERED' && (
              <>
                <Button isPending={pending} onPress={() => void act('accept')}>
                  {w.accept}
                </Button>
                <Button variant="secondary" isDisabled={pending} onPress={() => void act('decline')}>
                  {w.decline}
                </Button>
              </>
            )}
            {entry.status === 'WAITING' && (
              <Button variant="secondary" isDisabled={pending} onPress={() => void act('cancel')}>
                {w.cancel}
              </Button>
            )}
          </Actions>
        </>
      )}
    </section>
  );
}
