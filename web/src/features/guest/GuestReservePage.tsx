import { ChoiceCard, DayButton, PageHeader, PlainButton, Spinner } from '@clinic/ui-kit';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { useAnalytics, type FunnelStep } from '../../shared/analytics';
import { HttpError, MEMBER_LOGIN_PATH } from '../../shared/api/http';
import { useHttp } from '../../shared/api/HttpContext';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle';
import {
  BOOKING_STEPS,
  SlotTimes,
  bookingWindow,
  dateLabel,
  dateTimeLabel,
  slotsByDay,
  useBookingFlow,
  weekday,
  weekdayLabel,
  type BookingStep,
  type Slot,
} from '../../shared/booking';
import {
  EMPTY_FORM,
  clinicLabel,
  guestBookable,
  priceLabel,
  hasProblems,
  menuIdsOf,
  menusByCategory,
  normalizeForm,
  oneMenuPerClinic,
  saveDone,
  titleQuery,
  validateForm,
  type FormProblems,
  type GuestCategory,
  type GuestClinic,
  type GuestField,
  type GuestForm,
  type GuestMenu,
} from './booking-logic';
import { GuestDetailsFields, guestFields } from './GuestDetailsFields';
import { guestApi } from './guest-api';
import { Actions, Alert, Choices, DayStrip, Info, Lead, Section, StepList, Summary } from './guest.styles';

export interface GuestReserveProps {
  /**
   * `line`: the same flow inside the LINE app (`/line/app/`): the LINE guest session says who
   * books and where messages go, so no e-mail is asked (nor on its waitlist page, whose registration
   * and offers come by LINE); after booking, the app's "my bookings".
   */
  readonly variant?: 'web' | 'line';
}

/** `/guest/reserve/`: menu → day and time → guest details → confirm, on one page. */
export function GuestReservePage({ variant = 'web' }: GuestReserveProps = {}) {
  const inLine = variant === 'line';
  const t = useT();
  const language = useLanguage();
  const http = useHttp();
  const api = useMemo(() => guestApi(http), [http]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const analytics = useAnalytics();
  useDocumentTitle(t('pages.guest.reserve.title'));

  const linkIds = useMemo(() => menuIdsOf(params), [params]);
  const campaign = params.get('campaign')?.trim().slice(0, 100) || undefined;

  // The wizard has every step, shown as 1 to 4 (`guest-step-1` … `guest-step-4`).
  const { flow, dispatch, send } = useBookingFlow(BOOKING_STEPS);
  const { clinicId, menuId, day, slot: chosen, refusal } = flow;
  const step = BOOKING_STEPS.indexOf(flow.step) + 1;
  const [clinics, setClinics] = useState<GuestClinic[] | null>(null);
  const [linkMenus, setLinkMenus] = useState<ReadonlyMap<string, GuestMenu>>(new Map());
  const [linkError, setLinkError] = useState(false);
  const [catalogue, setCatalogue] = useState<{ clinicId: string; categories: GuestCategory[]; menus: GuestMenu[] } | null>(null);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [form, setForm] = useState<GuestForm>(EMPTY_FORM);
  const [problems, setProblems] = useState<FormProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(flow.step);

  // This page loads in effects of its own, not through useLoad (docs/web.md, "Loading data"): the
  // hook would take most of what is left of the guest page's byte budget. An AbortController
  // aborts the request an effect started when the effect ends; the clinics' request (shared
  // with the one main.tsx starts early) has no inputs to change and is not aborted.
  // Clinics, and the menus a booking link names (one per clinic).
  useEffect(() => {
    api.clinics().then(setClinics, () => setClinics([]));
  }, [api]);
  useEffect(() => {
    if (linkIds.length === 0) return;
    const controller = new AbortController();
    api.menusByIds(linkIds, controller.signal).then(
      (menus) => {
        const checked = oneMenuPerClinic(menus);
        if (!checked.ok) return setLinkError(true);
        setLinkMenus(checked.byClinic);
        // A link of one clinic chooses the clinic and its menu at once.
        const only = checked.byClinic.size === 1 ? [...checked.byClinic.values()][0] : undefined;
        if (only) dispatch({ type: 'clinic', clinicId: only.clinicId, menuId: only.id });
      },
      (error: unknown) => !controller.signal.aborted && error instanceof HttpError && setLinkError(true),
    );
    return () => controller.abort();
  }, [api, linkIds, dispatch]);

  // The chosen clinic's categories and menus.
  useEffect(() => {
    if (!clinicId) return;
    const controller = new AbortController();
    Promise.all([api.categories(clinicId, controller.signal), api.menus(clinicId, controller.signal)]).then(
      ([categories, menus]) => setCatalogue({ clinicId, categories, menus: menus.filter(guestBookable) }),
      () => !controller.signal.aborted && setCatalogue({ clinicId, categories: [], menus: [] }),
    );
    return () => controller.abort();
  }, [api, clinicId]);

  // The free times of the whole 30-day window in one search, once a menu is chosen.
  useEffect(() => {
    if (flow.step !== 'time' || !clinicId || !menuId) return;
    const controller = new AbortController();
    const { from, to } = bookingWindow(new Date());
    setSlots(null);
    api.slots(clinicId, menuId, from, to, controller.signal).then(
      (answer) => setSlots(answer.slots),
      () => !controller.signal.aborted && setSlots([]),
    );
    return () => controller.abort();
    // flow.search: a time taken meanwhile searches again.
  }, [api, flow.step, clinicId, menuId, flow.search]);

  const window30 = useMemo(() => bookingWindow(new Date()), []);
  const byDay = useMemo(() => slotsByDay(slots ?? []), [slots]);

  // The first day with a free time is chosen for the guest (one tap fewer).
  useEffect(() => {
    if (!slots) return;
    if (day && byDay.has(day)) return;
    const first = window30.days.find((d) => byDay.has(d)) ?? null;
    if (first !== day) dispatch({ type: 'day', day: first });
  }, [slots, byDay, day, window30, dispatch]);

  // A new step's heading takes the focus (and the page scrolls up to it), whether the person or a
  // refusal of the server moved the flow.
  useEffect(() => {
    if (shownStep.current === flow.step) return;
    shownStep.current = flow.step;
    window.scrollTo?.({ top: 0 });
    heading.current?.focus();
  }, [flow.step]);

  const clinic = clinics?.find((c) => c.id === clinicId);
  const menus = catalogue?.clinicId === clinicId ? catalogue.menus : null;
  const menu = menus?.find((m) => m.id === menuId) ?? (menuId ? [...linkMenus.values()].find((m) => m.id === menuId) : undefined);

  /** 新規予約ファネル: called from handlers only (never from render or effects); sent once per session. */
  const reached = (step: FunnelStep) => {
    if (clinicId) analytics.step({ funnel: 'guest-booking', step, clinicId });
  };

  const goTo = (next: BookingStep) => dispatch({ type: 'step', step: next });

  const change = (field: GuestField, value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    if (submitted) setProblems(validateForm(next, language, { email: !inLine }));
  };

  const toConfirm = () => {
    const found = validateForm(form, language, { email: !inLine });
    setSubmitted(true);
    setProblems(found);
    if (hasProblems(found)) {
      const first = guestFields(language, !inLine).find((field) => found[field]);
      if (first) document.getElementById(`guest-${first}`)?.focus();
      return;
    }
    setForm(normalizeForm(form));
    reached('details-entered');
    goTo('confirm');
  };

  const book = async () => {
    if (!clinicId || !menuId || !chosen || flow.pending) return;
    const guest = normalizeForm(form);
    const { startsAt } = chosen;
    const details = language === 'ja' ? guest : { ...guest, kana: '' };
    // A refusal moves the flow as the one error policy says (shared/booking).
    const booked = await send((key) =>
      api.book(
        {
          clinicId,
          menuId,
          startsAt,
          ...(campaign ? { campaign } : {}),
          guest: inLine ? { name: details.name, kana: details.kana, phone: details.phone } : details,
          language,
        },
        key,
      ),
    );
    if (booked && inLine) {
      reached('booked');
      navigate('/line/app/reservations/', { state: { bookedId: booked.id } });
    } else if (booked) {
      saveDone(sessionStorage, {
        id: booked.id,
        startsAt: booked.startsAt,
        endsAt: booked.endsAt,
        clinicName: clinicLabel(clinic?.name ?? ''),
        clinicPhone: clinic?.phone ?? '',
        menuName: menu?.name ?? booked.menus[0]?.name ?? '',
        guestName: guest.name,
        email: guest.email,
        cancelToken: booked.cancelToken,
      });
      reached('booked');
      navigate(`/guest/reserve/done/${titleQuery(params)}`);
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
                <ChoiceCard
                  key={c.id}
                  title={clinicLabel(c.name)}
                  isSelected={c.id === clinicId}
                  // A booking link may name this clinic's menu.
                  onPress={() => dispatch({ type: 'clinic', clinicId: c.id, menuId: linkMenus.get(c.id)?.id ?? null })}
                />
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
                      <ChoiceCard
                        key={m.id}
                        title={m.name}
                        description={[
                          m.durationMinutes ? t('guestBooking.menu.minutes', { n: m.durationMinutes }) : '',
                          typeof m.price === 'number' ? priceLabel(m.price, language, (n) => t('guestBooking.menu.yen', { n })) : '',
                        ]
                          .filter(Boolean)
                          .join('・')}
                        isSelected={m.id === menuId}
                        onPress={() => dispatch({ type: 'menu', menuId: m.id })}
                      />
                    ))}
                  </Choices>
                </div>
              ))
            )}
          </Section>
        )}
        {refusal && <Alert role="alert">{refusal.text}</Alert>}
        <Actions>
          <PlainButton
            isDisabled={!clinicId || !menuId || !menus?.some((m) => m.id === menuId)}
            onPress={() => {
              reached('clinic-chosen');
              goTo('time');
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
        {refusal && <Alert role="alert">{refusal.text}</Alert>}
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
                  <DayButton
                    key={d}
                    month={`${m}/`}
                    day={dd}
                    weekday={weekdayLabel(d, language)}
                    dayOfWeek={weekday(d)}
                    isSelected={d === day}
                    isDisabled={!byDay.has(d)}
                    onPress={() => dispatch({ type: 'day', day: d })}
                  />
                );
              })}
            </DayStrip>
          )}
        </Section>
        {slots !== null && byDay.size > 0 && (
          <Section aria-labelledby="guest-time-heading">
            <h2 id="guest-time-heading">
              {t('guestBooking.time.heading')}
              {day ? (language === 'en' ? ` (${dateLabel(day, language)})` : `（${dateLabel(day, language)}）`) : ''}
            </h2>
            {day ? (
              <SlotTimes data-testid="guest-times" slots={daySlots} chosen={chosen} onChoose={(slot) => dispatch({ type: 'slot', slot })} />
            ) : (
              <Info>{t('guestBooking.time.chooseDay')}</Info>
            )}
          </Section>
        )}
        {slots !== null && clinicId && menuId && (
          <Info>
            <Link to={`${inLine ? '/line/app/waitlist/' : '/guest/waitlist/'}?clinicId=${clinicId}&menuId=${menuId}`}>{t('guestBooking.day.waitlist')}</Link>
          </Info>
        )}
        <Actions>
          <PlainButton
            isDisabled={!chosen}
            onPress={() => {
              reached('slot-chosen');
              goTo('details');
            }}
          >
            {t('guestBooking.next')}
          </PlainButton>
          <PlainButton variant="secondary" onPress={() => goTo('menu')}>
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
          {!invalid && refusal && <Alert role="alert">{refusal.text}</Alert>}
          <GuestDetailsFields idPrefix="guest" language={language} form={form} problems={submitted ? problems : null} onChange={change} withEmail={!inLine} />
        </Section>
        <Actions>
          <PlainButton type="submit">{t('guestBooking.next')}</PlainButton>
          <PlainButton variant="secondary" onPress={() => goTo('time')}>
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
          {refusal && <Alert role="alert">{refusal.text}</Alert>}
          {refusal?.memberLogin && (
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
            <dd>{chosen ? dateTimeLabel(chosen.startsAt, language) : ''}</dd>
            <dt>{t('guestBooking.form.name')}</dt>
            <dd>{form.name}</dd>
            {/* Kana is asked in Japanese only (docs/languages.md): no empty row for an English or Chinese guest. */}
            {language === 'ja' && (
              <>
                <dt>{t('guestBooking.form.kana')}</dt>
                <dd>{form.kana}</dd>
              </>
            )}
            <dt>{t('guestBooking.form.phone')}</dt>
            <dd>{form.phone}</dd>
            {!inLine && (
              <>
                <dt>{t('guestBooking.form.email')}</dt>
                <dd>{form.email}</dd>
              </>
            )}
          </Summary>
        </Section>
        <Actions>
          <PlainButton isPending={flow.pending} onPress={() => void book()}>
            {t('guestBooking.confirm.submit')}
          </PlainButton>
          <PlainButton variant="secondary" isDisabled={flow.pending} onPress={() => goTo('details')}>
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
          <li key={key} aria-current={index + 1 === step ? 'step' : undefined} data-state={index + 1 < step ? 'done' : undefined}>
            {`${index + 1}. ${t(key)}`}
          </li>
        ))}
      </StepList>
      <div data-testid={`guest-step-${step}`}>{body}</div>
    </>
  );
}
