import { Button, Calendar, Callout, ChoiceCard, EmptyState, FactList, Grid, Heading, Inline, PageHeader, Stack, Text } from '@clinic/ui-kit';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useT, type MessageKey } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { memberApi, reservationMenuNames, type MemberReservation } from '../member.api';
import { longDateLabel, searchWindow } from '../member-time';
import { SlotTimes, slotsByDay, tokyoTime, useBookingFlow, type BookingStep, type Slot } from '../../../shared/booking';
import { useMemberSession } from '../MemberSessionContext';
import { LoadError, Loading } from './parts';
import { WaitlistJoin } from './WaitlistJoin';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { changeChoice, contractChoices, menuChoices, reserveModeOf, type MenuChoice, type ReserveMode } from './reserve-model';

const TITLES: Record<ReserveMode, MessageKey> = {
  contract: 'pages.user.reserveContract.title',
  insurance: 'pages.user.reserveInsurance.title',
  new: 'pages.user.reserve.title',
  change: 'memberPages.reserve.titleChange',
};

/** Each choice opens the next step; a change of time has its menu already (shared/booking). */
const STEPS: readonly BookingStep[] = ['menu', 'time', 'confirm'];
const CHANGE_STEPS: readonly BookingStep[] = ['time', 'confirm'];

const Step = styled.section`
  display: grid;
  gap: var(--space-3);
  margin-bottom: var(--space-4);
  padding: var(--space-4);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);

  h2 {
    margin: 0;
    font-size: var(--font-size-md);
  }
  h2:focus {
    outline: none;
  }
  h2:focus-visible {
    box-shadow: var(--focus-ring);
  }
  &[data-done='true'] {
    background: var(--color-surface-alt);
  }
`;

const StepNumber = styled.span`
  display: inline-grid;
  place-items: center;
  width: 1.75em;
  height: 1.75em;
  margin-right: var(--space-2);
  border-radius: var(--radius-full);
  background: var(--color-primary);
  color: var(--color-on-primary);
  font-size: var(--font-size-sm);
`;

const CalendarBox = styled.div`
  display: flex;
  justify-content: center;
  overflow-x: auto;
`;

interface Entry {
  choices: MenuChoice[];
  /** The reservation being changed (change mode). */
  changing?: MemberReservation;
}

/**
 * /user/mypage/reserve/: contracted menus (`ekimu=true`), insurance menus (`clinicId`+`categoryId`),
 * new menus (default), or a new time for a reservation (`change=<id>`): menu → day → time → confirm.
 */
export function MemberReservePage() {
  const t = useT();
  const http = useHttp();
  const navigate = useNavigate();
  const { profile, clinic } = useMemberSession();
  const api = useMemo(() => memberApi(http), [http]);
  const [params] = useSearchParams();
  const mode = reserveModeOf(params);
  const changeId = params.get('change') ?? '';
  const insuranceClinicId = params.get('clinicId') ?? profile.clinicId;
  const insuranceCategoryId = params.get('categoryId') ?? '';
  const title = t(TITLES[mode]);
  useDocumentTitle(title);

  const [entryKey, reloadEntry] = useReloadKey();
  const entry = useLoad<Entry>(
    async () => {
      switch (mode) {
        case 'contract':
          return { choices: contractChoices(await api.ownEkimu()) };
        case 'insurance':
          return { choices: menuChoices(await api.menus(insuranceClinicId, insuranceCategoryId)) };
        case 'change': {
          const changing = await api.reservation(changeId);
          return { choices: [changeChoice(changing, reservationMenuNames(changing))], changing };
        }
        default: {
          const [menus, categories] = await Promise.all([api.menus(profile.clinicId), api.categories(profile.clinicId)]);
          return {
            choices: menuChoices(
              menus.filter((m) => m.kind === 'NEW'),
              categories,
            ),
          };
        }
      }
    },
    [api, mode, changeId, insuranceClinicId, insuranceCategoryId, profile.clinicId],
    { reloadKey: entryKey },
  );

  const steps = mode === 'change' ? CHANGE_STEPS : STEPS;
  const { flow, dispatch, send } = useBookingFlow(steps, { advance: true });
  const { day, slot, refusal } = flow;
  const menu = (entry.status === 'ready' && entry.data.choices.find((choice) => choice.id === flow.menuId)) || null;
  const changing = entry.status === 'ready' ? entry.data.changing : undefined;
  const dayHeading = useRef<HTMLHeadingElement>(null);
  const timeHeading = useRef<HTMLHeadingElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const window30 = useMemo(() => searchWindow(), []);

  // A new entry (another mode or reservation) starts over; change mode has its one menu chosen.
  useEffect(() => {
    const menuId = entry.status === 'ready' && mode === 'change' ? (entry.data.choices[0]?.id ?? null) : null;
    dispatch({ type: 'start', steps, start: { advance: true, menuId } });
  }, [entry, mode, steps, dispatch]);

  // The free times of the 30-day window, once a menu is chosen (again after a time was taken).
  const clinicId = menu?.clinicId;
  const menuId = menu?.id;
  const search = useLoad(
    async () => (clinicId && menuId ? slotsByDay((await api.searchAvailable({ clinicId, menuId, ...window30 })).slots) : null),
    [api, clinicId, menuId, window30],
    { reloadKey: flow.search },
  );
  const slots = search.status === 'ready' ? search.data : null;
  const searching = search.status === 'loading' || (search.status === 'ready' && search.data === null);

  function chooseMenu(choice: MenuChoice) {
    dispatch({ type: 'menu', menuId: choice.id });
    requestAnimationFrame(() => dayHeading.current?.focus());
  }

  function chooseDay(iso: string) {
    dispatch({ type: 'day', day: iso });
    requestAnimationFrame(() => timeHeading.current?.focus());
  }

  function chooseSlot(chosen: Slot) {
    dispatch({ type: 'slot', slot: chosen });
    requestAnimationFrame(() => confirmHeading.current?.focus());
  }

  /** A refusal moves the flow as the one error policy says (shared/booking). */
  async function submit() {
    if (!menu || !slot || flow.pending) return;
    if (changing) {
      const changed = await send(() => api.change(changing.id, slot.startsAt));
      if (changed) void navigate('/user/mypage/reserve/done/', { state: { reservation: changed, menuName: menu.name, changed: true } });
    } else {
      const booked = await send((key) => api.book({ clinicId: menu.clinicId, menuId: menu.id, startsAt: slot.startsAt }, key));
      if (booked) void navigate('/user/mypage/reserve/done/', { state: { reservation: booked, menuName: menu.name } });
    }
  }

  const stepNo = (n: number) => (mode === 'change' ? n - 1 : n);
  const daySlots = day ? (slots?.get(day) ?? []) : [];

  return (
    <section>
      <PageHeader title={title} />
      {entry.status === 'loading' && <Loading />}
      {entry.status === 'failed' && <LoadError error={entry.error} onRetry={reloadEntry} />}
      {entry.status === 'ready' && changing && changing.status !== 'RESERVED' && (
        <Callout role="alert">
          <p>{t('memberPages.reserve.notChangeable')}</p>
        </Callout>
      )}
      {entry.status === 'ready' && !(changing && changing.status !== 'RESERVED') && (
        <>
          {refusal && (
            <Callout role="alert">
              <p>{refusal.text}</p>
              {refusal.callClinic && clinic.phone && (
                <p>
                  <a href={`tel:${clinic.phone.replace(/[^\d+]/g, '')}`}>{t('memberPages.common.callClinic', { phone: clinic.phone })}</a>
                </p>
              )}
            </Callout>
          )}
          {changing && (
            <Step aria-label={t('memberPages.reserve.currentDateTime')}>
              <FactList emphasis>
                <dt>{t('memberPages.reserve.menu')}</dt>
                <dd>{reservationMenuNames(changing)}</dd>
                <dt>{t('memberPages.reserve.currentDateTime')}</dt>
                <dd>{t('memberPages.common.dateTime', { date: longDateLabel(changing.startsAt), time: tokyoTime(changing.startsAt) })}</dd>
              </FactList>
            </Step>
          )}

          {mode !== 'change' && (
            <Step data-done={menu !== null} aria-labelledby="step-menu">
              <Inline justify="between">
                <h2 id="step-menu">
                  <StepNumber aria-hidden="true">1</StepNumber>
                  {t('memberPages.reserve.chooseMenu')}
                </h2>
                {menu && (
                  <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'menu', menuId: null })}>
                    {t('memberPages.reserve.changeMenu')}
                  </Button>
                )}
              </Inline>
              {menu ? (
                <Text weight="bold">{menu.name}</Text>
              ) : entry.data.choices.length === 0 ? (
                <EmptyState>{mode === 'contract' ? t('memberPages.reserve.contractEmpty') : t('memberPages.reserve.menuEmpty')}</EmptyState>
              ) : (
                <MenuChoices choices={entry.data.choices} onChoose={chooseMenu} />
              )}
            </Step>
          )}

          {menu && (
            <Step data-done={day !== null} aria-labelledby="step-day">
              <Inline justify="between">
                <h2 id="step-day" ref={dayHeading} tabIndex={-1}>
                  <StepNumber aria-hidden="true">{stepNo(2)}</StepNumber>
                  {t('memberPages.reserve.chooseDay')}
                </h2>
                {day && (
                  <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'day', day: null })}>
                    {t('memberPages.reserve.changeDay')}
                  </Button>
                )}
              </Inline>
              {day ? (
                <Text weight="bold">{longDateLabel(day)}</Text>
              ) : searching ? (
                <Loading label={t('memberPages.reserve.searching')} />
              ) : search.status === 'failed' ? (
                <LoadError error={search.error} onRetry={() => dispatch({ type: 'search' })} />
              ) : !slots || slots.size === 0 ? (
                <EmptyState>{t('memberPages.reserve.noSlots')}</EmptyState>
              ) : (
                <>
                  <Text tone="muted" size="sm">
                    {t('memberPages.reserve.dayHelp')}
                  </Text>
                  <CalendarBox>
                    <Calendar
                      aria-label={t('memberPages.reserve.chooseDay')}
                      minValue={window30.from}
                      maxValue={window30.to}
                      isDateUnavailable={(iso) => !slots?.has(iso)}
                      onChange={chooseDay}
                    />
                  </CalendarBox>
                </>
              )}
            </Step>
          )}

          {menu && day && (
            <Step data-done={slot !== null} aria-labelledby="step-time">
              <Inline justify="between">
                <h2 id="step-time" ref={timeHeading} tabIndex={-1}>
                  <StepNumber aria-hidden="true">{stepNo(3)}</StepNumber>
                  {t('memberPages.reserve.chooseTime')}
                </h2>
                {slot && (
                  <Button variant="ghost" size="sm" onPress={() => dispatch({ type: 'slot', slot: null })}>
                    {t('memberPages.reserve.changeTime')}
                  </Button>
                )}
              </Inline>
              {slot ? (
                <Text weight="bold">{tokyoTime(slot.startsAt)}</Text>
              ) : search.status === 'loading' ? (
                <Loading label={t('memberPages.reserve.searching')} />
              ) : daySlots.length === 0 ? (
                <EmptyState>{t('memberPages.reserve.noTimes')}</EmptyState>
              ) : (
                <SlotTimes aria-label={t('memberPages.reserve.timesFor', { date: longDateLabel(day) })} slots={daySlots} chosen={null} onChoose={chooseSlot} />
              )}
            </Step>
          )}

          {menu && mode !== 'change' && !slot && slots && (
            <Step aria-labelledby="waitlist-join-title">
              <WaitlistJoin
                api={api}
                clinicId={menu.clinicId}
                clinicPhone={clinic.phone ?? ''}
                menuId={menu.id}
                window30={window30}
                day={day}
                key={`${menu.id}|${day ?? ''}`}
              />
            </Step>
          )}

          {menu && day && slot && (
            <Step aria-labelledby="step-confirm">
              <h2 id="step-confirm" ref={confirmHeading} tabIndex={-1}>
                <StepNumber aria-hidden="true">{stepNo(4)}</StepNumber>
                {t('memberPages.reserve.confirmTitle')}
              </h2>
              <FactList emphasis>
                <dt>{t('memberPages.reserve.clinic')}</dt>
                <dd>{t('app.clinicName', { name: clinic.name })}</dd>
                <dt>{t('memberPages.reserve.menu')}</dt>
                <dd>{menu.name}</dd>
                <dt>{changing ? t('memberPages.reserve.newDateTime') : t('memberPages.reserve.dateTime')}</dt>
                <dd>
                  {t('memberPages.common.dateTime', {
                    date: longDateLabel(slot.startsAt),
                    time: t('memberPages.common.timeRange', { start: tokyoTime(slot.startsAt), end: tokyoTime(slot.endsAt) }),
                  })}
                </dd>
              </FactList>
              <Inline grow="phone" align="stretch">
                <Button
                  onPress={() => void submit()}
                  isPending={flow.pending}
                  pendingLabel={changing ? t('memberPages.reserve.changing') : t('memberPages.reserve.booking')}
                >
                  {changing ? t('memberPages.reserve.change') : t('memberPages.reserve.book')}
                </Button>
              </Inline>
            </Step>
          )}
        </>
      )}
    </section>
  );
}

function MenuChoices({ choices, onChoose }: { choices: MenuChoice[]; onChoose: (choice: MenuChoice) => void }) {
  const t = useT();
  const groups: { name: string | undefined; items: MenuChoice[] }[] = [];
  for (const choice of choices) {
    const last = groups[groups.length - 1];
    if (last && last.name === choice.group) last.items.push(choice);
    else groups.push({ name: choice.group, items: [choice] });
  }
  return (
    <>
      {groups.map((g, index) => (
        <Stack gap={2} key={`${g.name ?? ''}-${index}`}>
          {g.name && (
            <Heading level={3} size="sm" tone="muted" style={{ marginTop: 'var(--space-2)' }}>
              {g.name}
            </Heading>
          )}
          <Grid as="ul" gap={2}>
            {g.items.map((choice) => {
              const details = [
                choice.remaining !== undefined ? t('memberPages.reserve.remaining', { remaining: choice.remaining }) : null,
                choice.expiresOn ? t('memberPages.services.expires', { date: longDateLabel(choice.expiresOn) }) : null,
                choice.durationMinutes ? t('memberPages.common.minutes', { minutes: choice.durationMinutes }) : null,
                choice.price !== undefined && choice.price > 0 ? t('memberPages.common.yen', { price: choice.price.toLocaleString('ja-JP') }) : null,
              ].filter(Boolean);
              return (
                <li key={choice.id}>
                  <ChoiceCard title={choice.name} description={details.join('　')} onPress={() => onChoose(choice)} />
                </li>
              );
            })}
          </Grid>
        </Stack>
      ))}
    </>
  );
}
