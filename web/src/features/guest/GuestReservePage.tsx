import { PageHeader, PlainButton, Spinner } from '@clinic/ui-kit';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useT, type MessageKey } from '../../i18n';
import { useAnalytics, type FunnelStep } from '../../shared/analytics';
import { HttpError, MEMBER_LOGIN_PATH } from '../../shared/api/http';
import { useHttp } from '../../shared/api/HttpContext';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import {
  EMPTY_FORM,
  bookingWindow,
  clinicLabel,
  dateLabel,
  guestBookable,
  dateTimeLabel,
  hasProblems,
  menuIdsOf,
  menusByCategory,
  normalizeForm,
  oneMenuPerClinic,
  saveDone,
  slotsByDay,
  titleQuery,
  tokyoTime,
  validateForm,
  weekday,
  type FormProblems,
  type GuestCategory,
  type GuestClinic,
  type GuestField,
  type GuestForm,
  type GuestMenu,
  type Slot,
} from './booking-logic';
import { guestApi } from './guest-api';
import {
  Actions,
  Alert,
  Choice,
  Choices,
  Day,
  DayStrip,
  Field,
  Info,
  Lead,
  Section,
  StepList,
  Summary,
  Time,
  Times,
} from './guest.styles';

type Step = 1 | 2 | 3 | 4;

/** Server codes that mean "choose another time" (back to step 2). */
const TIME_CODES = new Set(['RESERVATION_CONFLICT', 'INVALID_TIMESLOT', 'CLINIC_CLOSED', 'TOO_FAR_AHEAD', 'SEARCH_PERIOD_TOO_LONG']);
/** Server codes about the clinic or the menu (back to step 1). */
const CHOICE_CODES = new Set([
  'WEB_BOOKING_DISABLED', 'CLINIC_NOT_FOUND', 'MENU_NOT_FOUND', 'MENU_NOT_ENABLED', 'MENU_NOT_SPECIFIED',
  'MENU_NOT_SUBSCRIBED', 'CLINIC_SETTINGS_INADEQUATE', 'ALREADY_RESERVED',
]);

const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const FIELDS: { field: GuestField; type: string; autoComplete: string; inputMode?: 'tel' | 'email' | 'text' }[] = [
  { field: 'name', type: 'text', autoComplete: 'name' },
  { field: 'kana', type: 'text', autoComplete: 'off' },
  { field: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { field: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
];

/** `/guest/reserve/`: menu → day and time → guest details → confirm, on one page. */
export function GuestReservePage() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => guestApi(http), [http]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const analytics = useAnalytics();
  useDocumentTitle(t('pages.guest.reserve.title'));

  const linkIds = useMemo(() => menuIdsOf(params), [params]);
  const campaign = params.get('campaign')?.trim().slice(0, 100) || undefined;

  const [step, setStep] = useState<Step>(1);
  const [clinics, setClinics] = useState<GuestClinic[] | null>(null);
  const [linkMenus, setLinkMenus] = useState<ReadonlyMap<string, GuestMenu>>(new Map());
  const [linkError, setLinkError] = useState(false);
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [catalogue, setCatalogue] = useState<{ clinicId: string; categories: GuestCategory[]; menus: GuestMenu[] } | null>(null);
  const [menuId, setMenuId] = useState<string | null>(null);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [form, setForm] = useState<GuestForm>(EMPTY_FORM);
  const [problems, setProblems] = useState<FormProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  /** The phone and name (or e-mail) are a member's: they log in to book (MEMBER_LOGIN_REQUIRED). */
  const [memberLogin, setMemberLogin] = useState(false);
  const [pending, setPending] = useState(false);
  const idempotencyKey = useRef<string>(newKey());
  const heading = useRef<HTMLHeadingElement>(null);
  const [slotsVersion, setSlotsVersion] = useState(0);

  // Clinics, and the menus a booking link names (one per clinic).
  useEffect(() => {
    let live = true;
    api.clinics().then(
      (list) => live && setClinics(list),
      () => live && setClinics([]),
    );
    if (linkIds.length > 0) {
      api.menusByIds(linkIds).then(
        (menus) => {
          if (!live) return;
          const checked = oneMenuPerClinic(menus);
          if (!checked.ok) return setLinkError(true);
          setLinkMenus(checked.byClinic);
          // A link of one clinic chooses the clinic and its menu at once.
          const only = checked.byClinic.size === 1 ? [...checked.byClinic.values()][0] : undefined;
          if (only) {
            setClinicId(only.clinicId);
            setMenuId(only.id);
          }
        },
        (error: unknown) => live && error instanceof HttpError && setLinkError(true),
      );
    }
    return () => {
      live = false;
    };
  }, [api, linkIds]);

  // The chosen clinic's categories and menus.
  useEffect(() => {
    if (!clinicId) return;
    let live = true;
    Promise.all([api.categories(clinicId), api.menus(clinicId)]).then(
      ([categories, menus]) => live && setCatalogue({ clinicId, categories, menus: menus.filter(guestBookable) }),
      () => live && setCatalogue({ clinicId, categories: [], menus: [] }),
    );
    return () => {
      live = false;
    };
  }, [api, clinicId]);

  // The free times of the whole 30-day window in one search, once a menu is chosen.
  useEffect(() => {
    if (step !== 2 || !clinicId || !menuId) return;
    const controller = new AbortController();
    const { from, to } = bookingWindow(new Date());
    setSlots(null);
    api.slots(clinicId, menuId, from, to, controller.signal).then(
      (answer) => setSlots(answer.slots),
      () => !controller.signal.aborted && setSlots([]),
    );
    return () => controller.abort();
    // slotsVersion: a conflict searches again.
  }, [api, step, clinicId, menuId, slotsVersion]);

  const window30 = useMemo(() => bookingWindow(new Date()), []);
  const byDay = useMemo(() => slotsByDay(slots ?? []), [slots]);

  // The first day with a free time is chosen for the guest (one tap fewer).
  useEffect(() => {
    if (!slots) return;
    if (day && byDay.has(day)) return;
    setDay(window30.days.find((d) => byDay.has(d)) ?? null);
  }, [slots, byDay, day, window30]);

  const clinic = clinics?.find((c) => c.id === clinicId);
  const menus = catalogue?.clinicId === clinicId ? catalogue.menus : null;
  const menu = menus?.find((m) => m.id === menuId) ?? (menuId ? [...linkMenus.values()].find((m) => m.id === menuId) : undefined);

  /** 新規予約ファネル: called from handlers only (never from render or effects); sent once per session. */
  const reached = (step: FunnelStep) => {
    if (clinicId) analytics.step({ funnel: 'guest-booking', step, clinicId });
  };

  const goTo = useCallback((next: Step) => {
    setStep(next);
    // The new step's heading takes the focus (and the page scrolls up to it).
    requestAnimationFrame(() => {
      window.scrollTo?.({ top: 0 });
      heading.current?.focus();
    });
  }, []);

  const chooseClinic = (id: string) => {
    if (id === clinicId) return;
    setClinicId(id);
    setMenuId(linkMenus.get(id)?.id ?? null);
    setStartsAt(null);
    setDay(null);
    setStepError(null);
  };

  const chooseMenu = (id: string) => {
    setMenuId(id);
    setStartsAt(null);
    setDay(null);
    setStepError(null);
  };

  const change = (field: GuestField, value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    if (submitted) setProblems(validateForm(next));
  };

  const toConfirm = () => {
    const found = validateForm(form);
    setSubmitted(true);
    setProblems(found);
    if (hasProblems(found)) {
      const first = FIELDS.find(({ field }) => found[field]);
      if (first) document.getElementById(`guest-${first.field}`)?.focus();
      return;
    }
    setForm(normalizeForm(form));
    setStepError(null);
    reached('details-entered');
    goTo(4);
  };

  const book = async () => {
    if (!clinicId || !menuId || !startsAt || pending) return;
    setPending(true);
    setStepError(null);
    const guest = normalizeForm(form);
    try {
      const booked = await api.book({ clinicId, menuId, startsAt, ...(campaign ? { campaign } : {}), guest }, idempotencyKey.current);
      saveDone(sessionStorage, {
        id: booked.id,
        startsAt: booked.startsAt,
        endsAt: booked.endsAt,
        clinicName: clinicLabel(clinic?.name ?? ''),
        clinicPhone: clinic?.phone ?? '',
        menuName: booked.menus[0]?.name ?? menu?.name ?? '',
        guestName: guest.name,
        email: guest.email,
        cancelToken: booked.cancelToken,
      });
      reached('booked');
      navigate(`/guest/reserve/done/${titleQuery(params)}`);
    } catch (error) {
      setPending(false);
      if (!(error instanceof HttpError)) throw error;
      const text = error.notice.text;
      // Answered: the next attempt is another request (a lost answer keeps the key).
      if (error.status !== undefined) idempotencyKey.current = newKey();
      setStepError(text);
      setMemberLogin(error.code === 'MEMBER_LOGIN_REQUIRED');
      if (error.code && TIME_CODES.has(error.code)) {
        setStartsAt(null);
        setSlotsVersion((v) => v + 1);
        goTo(2);
      } else if (error.code && CHOICE_CODES.has(error.code)) {
        goTo(1);
      } else if (error.code === 'VALIDATION_FAILED') {
        goTo(3);
      }
    }
  };

  const stepKeys: MessageKey[] = ['guestBooking.steps.s1', 'guestBooking.steps.s2', 'guestBooking.steps.s3', 'guestBooking.steps.s4'];

  let body: ReactNode;
  if (step === 1) {
    const groups = menus && catalogue ? menusByCategory(catalogue.categories, menus) : null;
    body = (
      <>
        {linkError && <Alert role="alert">{t('guestBooking.linkTwoMenus')}</Alert>}
        <Section aria-labelledby="guest-clinic-heading">
          <h2 id="guest-clinic-heading" ref={heading} tabIndex={-1}>
            {t('guestBooking.clinic.heading')}
          </h2>
          {clinics === null ? (
            <Spinner label={t('guestBooking.loading')} />
          ) : clinics.length === 0 ? (
            <Info>{t('guestBooking.clinic.none')}</Info>
          ) : (
            <Choices data-testid="guest-clinics">
              {clinics.map((c) => (
                <Choice key={c.id} type="button" aria-pressed={c.id === clinicId} onClick={() => chooseClinic(c.id)}>
                  <strong>{clinicLabel(c.name)}</strong>
                </Choice>
              ))}
            </Choices>
          )}
        </Section>
        {clinicId && (
          <Section aria-labelledby="guest-menu-heading">
            <h2 id="guest-menu-heading">{t('guestBooking.menu.heading')}</h2>
            {groups === null ? (
              <Spinner label={t('guestBooking.loading')} />
            ) : groups.length === 0 ? (
              <Info>{t('guestBooking.menu.none')}</Info>
            ) : (
              groups.map(({ category, menus: list }) => (
                <div key={category.id} role="group" aria-labelledby={`guest-cat-${category.id}`}>
                  <h3 id={`guest-cat-${category.id}`}>{category.name}</h3>
                  <Choices>
                    {list.map((m) => (
                      <Choice key={m.id} type="button" aria-pressed={m.id === menuId} onClick={() => chooseMenu(m.id)}>
                        <strong>{m.name}</strong>
                        <small>
                          {[
                            m.durationMinutes ? t('guestBooking.menu.minutes', { n: m.durationMinutes }) : '',
                            typeof m.price === 'number' ? t('guestBooking.menu.yen', { n: m.price.toLocaleString('ja-JP') }) : '',
                          ]
                            .filter(Boolean)
                            .join('・')}
                        </small>
                      </Choice>
                    ))}
                  </Choices>
                </div>
              ))
            )}
          </Section>
        )}
        {stepError && <Alert role="alert">{stepError}</Alert>}
        <Actions>
          <PlainButton isDisabled={!clinicId || !menuId || !menus?.some((m) => m.id === menuId)}
            onPress={() => {
              reached('clinic-chosen');
              goTo(2);
            }}
          >
            {t('guestBooking.next')}
          </PlainButton>
        </Actions>
      </>
    );
  } else if (step === 2) {
    const daySlots = day ? (byDay.get(day) ?? []) : [];
    body = (
      <>
        {stepError && <Alert role="alert">{stepError}</Alert>}
        <Section aria-labelledby="guest-day-heading">
          <h2 id="guest-day-heading" ref={heading} tabIndex={-1}>
            {t('guestBooking.day.heading')}
          </h2>
          <Info>
            {clinic ? clinicLabel(clinic.name) : ''}　{menu?.name}
          </Info>
          {slots === null ? (
            <Spinner label={t('guestBooking.loading')} />
          ) : byDay.size === 0 ? (
            <Info>{t('guestBooking.day.none')}</Info>
          ) : (
            <DayStrip data-testid="guest-days">
              {window30.days.map((d) => {
                const [, m, dd] = d.split('-').map(Number);
                return (
                  <Day
                    key={d}
                    type="button"
                    data-weekday={weekday(d)}
                    aria-pressed={d === day}
                    aria-label={dateLabel(d)}
                    disabled={!byDay.has(d)}
                    onClick={() => {
                      setDay(d);
                      setStartsAt(null);
                    }}
                  >
                    <span>{`${m}/`}</span>
                    <b>{dd}</b>
                    <span>{dateLabel(d).slice(-3)}</span>
                  </Day>
                );
              })}
            </DayStrip>
          )}
        </Section>
        {slots !== null && byDay.size > 0 && (
          <Section aria-labelledby="guest-time-heading">
            <h2 id="guest-time-heading">
              {t('guestBooking.time.heading')}
              {day ? `（${dateLabel(day)}）` : ''}
            </h2>
            {day ? (
              <Times data-testid="guest-times">
                {daySlots.map((slot) => (
                  <Time key={slot.startsAt} type="button" aria-pressed={slot.startsAt === startsAt} onClick={() => setStartsAt(slot.startsAt)}>
                    {tokyoTime(slot.startsAt)}
                  </Time>
                ))}
              </Times>
            ) : (
              <Info>{t('guestBooking.time.chooseDay')}</Info>
            )}
          </Section>
        )}
        <Actions>
          <PlainButton
            isDisabled={!startsAt}
            onPress={() => {
              setStepError(null);
              reached('slot-chosen');
              goTo(3);
            }}
          >
            {t('guestBooking.next')}
          </PlainButton>
          <PlainButton variant="secondary" onPress={() => goTo(1)}>
            {t('guestBooking.back')}
          </PlainButton>
        </Actions>
      </>
    );
  } else if (step === 3) {
    const invalid = submitted && hasProblems(problems);
    body = (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          toConfirm();
        }}
      >
        <Section aria-labelledby="guest-form-heading">
          <h2 id="guest-form-heading" ref={heading} tabIndex={-1}>
            {t('guestBooking.form.heading')}
          </h2>
          {invalid && <Alert role="alert">{t('guestBooking.form.invalid')}</Alert>}
          {!invalid && stepError && <Alert role="alert">{stepError}</Alert>}
          {FIELDS.map(({ field, type, autoComplete, inputMode }) => {
            const problem = submitted ? problems[field] : undefined;
            const id = `guest-${field}`;
            return (
              <Field key={field}>
                <label htmlFor={id}>
                  {t(`guestBooking.form.${field}`)}
                  <span aria-hidden="true">{t('guestBooking.form.required')}</span>
                </label>
                <input
                  id={id}
                  name={field}
                  type={type}
                  autoComplete={autoComplete}
                  inputMode={inputMode}
                  required
                  maxLength={field === 'email' ? 254 : 100}
                  value={form[field]}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-error` : undefined}
                  onChange={(event) => change(field, event.target.value)}
                />
                {problem && <p id={`${id}-error`}>{t(`guestBooking.form.problems.${problem}`)}</p>}
              </Field>
            );
          })}
        </Section>
        <Actions>
          <PlainButton type="submit">{t('guestBooking.next')}</PlainButton>
          <PlainButton variant="secondary" onPress={() => goTo(2)}>
            {t('guestBooking.back')}
          </PlainButton>
        </Actions>
      </form>
    );
  } else {
    body = (
      <>
        <Section aria-labelledby="guest-confirm-heading">
          <h2 id="guest-confirm-heading" ref={heading} tabIndex={-1}>
            {t('guestBooking.confirm.heading')}
          </h2>
          {stepError && <Alert role="alert">{stepError}</Alert>}
          {stepError && memberLogin && (
            <p>
              <Link to={MEMBER_LOGIN_PATH}>{t('guestBooking.confirm.memberLogin')}</Link>
            </p>
          )}
          <Lead>{t('guestBooking.confirm.lead')}</Lead>
          <Summary data-testid="guest-summary">
            <dt>{t('guestBooking.confirm.clinic')}</dt>
            <dd>{clinic ? clinicLabel(clinic.name) : ''}</dd>
            <dt>{t('guestBooking.confirm.menu')}</dt>
            <dd>{menu?.name}</dd>
            <dt>{t('guestBooking.confirm.dateTime')}</dt>
            <dd>{startsAt ? dateTimeLabel(startsAt) : ''}</dd>
            <dt>{t('guestBooking.form.name')}</dt>
            <dd>{form.name}</dd>
            <dt>{t('guestBooking.form.kana')}</dt>
            <dd>{form.kana}</dd>
            <dt>{t('guestBooking.form.phone')}</dt>
            <dd>{form.phone}</dd>
            <dt>{t('guestBooking.form.email')}</dt>
            <dd>{form.email}</dd>
          </Summary>
        </Section>
        <Actions>
          <PlainButton isPending={pending} onPress={() => void book()}>
            {t('guestBooking.confirm.submit')}
          </PlainButton>
          <PlainButton variant="secondary" isDisabled={pending} onPress={() => goTo(3)}>
            {t('guestBooking.back')}
          </PlainButton>
        </Actions>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('pages.guest.reserve.title')} />
      <StepList aria-label={t('guestBooking.steps.label')}>
        {stepKeys.map((key, index) => (
          <li
            key={key}
            aria-current={index + 1 === step ? 'step' : undefined}
            data-state={index + 1 < step ? 'done' : undefined}
          >
            {`${index + 1}. ${t(key)}`}
          </li>
        ))}
      </StepList>
      <div data-testid={`guest-step-${step}`}>
        {body}
      </div>
    </>
  );
}
