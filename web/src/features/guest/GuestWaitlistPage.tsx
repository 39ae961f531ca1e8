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

/** The entry as its token's link shows it (GET /api/guests/waitlist). */
type GuestEntry = Answer<'guestWaitlist', 'get'>;

/** The page's own texts in the three languages, kept here so that they load only with it (docs/languages.md). */
const TEXTS = {
  ja: {
    title: 'キャンセル待ちの確認',
    loading: '読み込み中',
    menu: 'メニュー',
    days: '希望日',
    times: '希望の時間帯',
    wholeDay: '終日',
    status: '状態',
    statuses: { WAITING: '空き待ち', OFFERED: 'ご案内中', BOOKED: 'ご予約済み', EXPIRED: '期限切れ', CANCELLED: '取り消し済み' },
    offer: 'ご案内するお時間',
    until: '確保期限',
    accept: 'このお時間で予約する',
    decline: '辞退する',
    cancel: 'キャンセル待ちを取り消す',
    accepted: 'ご予約が完了しました。ご来院をお待ちしております。',
    declined: 'ご案内を辞退しました。',
    cancelled: 'キャンセル待ちを取り消しました。',
    cancelReservation: 'ご予約をキャンセルする',
    joinTitle: 'キャンセル待ちに登録',
    joinLead: 'ご希望の日時に空きが出たら、先に登録された方から順にメールでご案内し、そのお時間を確保します。',
    joinLeadLine: 'ご希望の日時に空きが出たら、先に登録された方から順にLINEでご案内し、そのお時間を確保します。',
    from: '希望日（から）',
    to: '希望日（まで）',
    timeFrom: '開始時刻（から）',
    timeTo: '開始時刻（まで）',
    anyTime: '指定なし',
    join: '登録する',
    joinMissing: 'メニューが指定されていません。ご予約のページからお進みください。',
  },
  en: {
    title: 'Your waitlist registration',
    loading: 'Loading',
    menu: 'Menu',
    days: 'Preferred dates',
    times: 'Preferred times',
    wholeDay: 'any time',
    status: 'Status',
    statuses: { WAITING: 'Waiting', OFFERED: 'Time offered', BOOKED: 'Booked', EXPIRED: 'Expired', CANCELLED: 'Cancelled' },
    offer: 'Time offered',
    until: 'Held until',
    accept: 'Book this time',
    decline: 'Decline',
    cancel: 'Leave the waitlist',
    accepted: 'Your booking is complete. We look forward to your visit.',
    declined: 'You declined the offer.',
    cancelled: 'You left the waitlist.',
    cancelReservation: 'Cancel the booking',
    joinTitle: 'Join the waitlist',
    joinLead: 'When a time you want becomes free, we hold it for the first person registered and let you know by e-mail.',
    joinLeadLine: 'When a time you want becomes free, we hold it for the first person registered and let you know in LINE.',
    from: 'From (date)',
    to: 'To (date)',
    timeFrom: 'Start time from',
    timeTo: 'Start time until',
    anyTime: 'any',
    join: 'Register',
    joinMissing: 'No menu was chosen. Please start from the booking page.',
  },
  'zh-CN': {
    title: '候补确认',
    loading: '加载中',
    menu: '项目',
    days: '希望日期',
    times: '希望时间段',
    wholeDay: '全天',
    status: '状态',
    statuses: { WAITING: '等待空位', OFFERED: '已为您保留', BOOKED: '已预约', EXPIRED: '已过期', CANCELLED: '已取消' },
    offer: '为您保留的时间',
    until: '保留期限',
    accept: '预约这个时间',
    decline: '谢绝',
    cancel: '取消候补',
    accepted: '预约已完成。期待您的光临。',
    declined: '已谢绝。',
    cancelled: '已取消候补。',
    cancelReservation: '取消预约',
    joinTitle: '登记候补',
    joinLead: '您希望的时间有空位时，按登记顺序为您保留，并通过邮件通知您。',
    joinLeadLine: '您希望的时间有空位时，按登记顺序为您保留，并通过LINE通知您。',
    from: '希望日期（从）',
    to: '希望日期（至）',
    timeFrom: '开始时间（从）',
    timeTo: '开始时间（至）',
    anyTime: '不指定',
    join: '登记',
    joinMissing: '未指定项目。请从预约页面开始。',
  },
} as const;

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
function GuestWaitlistJoin(props: { clinicId: string; menuId: string; language: Language; w: (typeof TEXTS)[Language]; inLine: boolean }) {
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
  const w = TEXTS[language];
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
