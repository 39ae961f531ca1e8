import { Button, Checkbox, Spinner, useMessages } from '@clinic/ui-kit';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../i18n';
import { useHttp } from '../../../shared/api/HttpContext';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { useStaffSession } from '../StaffSessionContext';
import { addDays, todayInTokyo, weekdayOf } from '../staffs/schedule-time';
import { BookingDialog, type BookingDraft, type RecentMember } from './BookingDialog';
import { calendarApi, type Block, type CalendarMemo, type HeldOffer, type Reservation, type Schedule } from './calendar.api';
import { WaitlistPanel } from './WaitlistPanel';
import * as S from './calendar.styles';
import { DayTimeline } from './DayTimeline';
import { buildRows, dayWindow, moveRequest, placeReservations, shadesFor, timeOfColumn, type MoveRefusal, type Row } from './layout';
import { MemoBox } from './MemoBox';
import { ReservationPanel } from './ReservationPanel';
import { UnconfirmedList } from './UnconfirmedList';
import { useClinicEvents } from './useClinicEvents';
import { WeekView } from './WeekView';

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

interface RangeData {
  key: string;
  schedules: Schedule[];
  blocks: Block[];
  holds: HeldOffer[];
  reservations: Reservation[];
  memos: CalendarMemo[];
}

/** The rows before the set-up has loaded: one array, so that the layouts are not computed again on every render. */
const NO_ROWS: Row[] = [];

/** `/staff/calendar/`: the day (resource timeline) or week of the clinic chosen in the header. */
export function StaffCalendarPage() {
  const t = useT();
  const http = useHttp();
  const api = useMemo(() => calendarApi(http), [http]);
  const messages = useMessages();
  const { selectedClinic } = useStaffSession();
  const clinicId = selectedClinic?.id ?? null;
  useDocumentTitle(t('calendarPage.title'));

  const [params, setParams] = useSearchParams();
  const today = todayInTokyo();
  const rawDate = params.get('date');
  const date = isDate(rawDate) ? rawDate : today;
  const view = params.get('view') === 'week' ? 'week' : 'day';
  const navigate = useCallback(
    (next: { date?: string; view?: 'day' | 'week' }) =>
      setParams((previous) => {
        const p = new URLSearchParams(previous);
        if (next.date) p.set('date', next.date);
        if (next.view) p.set('view', next.view);
        return p;
      }),
    [setParams],
  );
  const weekFrom = addDays(date, -weekdayOf(date));
  const from = view === 'day' ? date : weekFrom;
  const to = view === 'day' ? date : addDays(weekFrom, 6);

  const dayLabel = useCallback(
    (iso: string) =>
      t('calendarPage.dateLabel', {
        month: Number(iso.slice(5, 7)),
        day: Number(iso.slice(8, 10)),
        weekday: t(`calendarPage.weekdays.${WEEKDAY_KEYS[weekdayOf(iso)]!}`),
      }),
    [t],
  );

  const [setupVersion, setSetupVersion] = useState(0);
  const setup = useLoad(
    async () => {
      if (!clinicId) return null;
      const [clinics, staffs, rooms, machines, menus] = await Promise.all([
        api.clinics(),
        api.staffs(clinicId),
        api.rooms(clinicId),
        api.machines(clinicId),
        api.menus(clinicId),
      ]);
      const clinic = clinics.find((c) => String(c.id) === clinicId) ?? null;
      return { clinic, rows: buildRows(staffs, rooms, machines), menus };
    },
    [api, clinicId],
    { reloadKey: setupVersion },
  );

  // The visible range's data; a reload of the same range keeps the old data on screen meanwhile
  // (and after a failed reload, beside the failure).
  const rangeKey = `${clinicId}|${from}|${to}`;
  const [version, reload] = useReloadKey();
  const range = useLoad(
    async (): Promise<RangeData | null> => {
      if (!clinicId) return null;
      const [schedules, blocks, reservations, memos, holds] = await Promise.all([
        api.schedules(clinicId, from, to),
        api.blocks(clinicId, from, to),
        api.reservations(clinicId, from, to),
        api.memos(clinicId, from, to),
        api.holds(clinicId, from, to),
      ]);
      performance.mark('calendar:data');
      return { key: rangeKey, schedules, blocks, reservations, memos, holds };
    },
    [api, clinicId, from, to, rangeKey],
    { reloadKey: version, keepWhileReloading: (shown) => shown?.key === rangeKey },
  );
  const data = range.status === 'loading' ? null : (range.data ?? null);
  const failed = range.status === 'failed';
  const current = data && data.key === rangeKey ? data : null;

  useClinicEvents(clinicId, (change) => {
    if (change.from <= to && from <= change.to) reload();
  });

  const [showCancelled, setShowCancelled] = useState(true);
  const [unconfirmedOnly, setUnconfirmedOnly] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [draft, setDraft] = useState<BookingDraft | null>(null);
  const [recent, setRecent] = useState<RecentMember[]>([]);

  const ready = setup.status === 'ready' ? setup.data : null;
  const rows = ready?.rows ?? NO_ROWS;
  // One object per clinic and date, so that the layouts below are computed again only then.
  const dayWin = useMemo(() => (ready?.clinic ? dayWindow(ready.clinic, date) : null), [ready?.clinic, date]);
  const open = dayWin?.kind === 'open' ? dayWin : null;

  const reservationsById = useMemo(() => new Map((current?.reservations ?? []).map((r) => [r.id, r])), [current]);
  const placements = useMemo(
    () => (open && current ? placeReservations(current.reservations, rows, date, open, { showCancelled }) : []),
    [open, current, rows, date, showCancelled],
  );
  const shades = useMemo(
    () => (open && current && ready?.clinic ? shadesFor(rows, date, open, current.schedules, current.blocks, ready.clinic.breaks, current.holds) : []),
    [open, current, rows, date, ready],
  );
  const timeItems = useMemo(
    () => (open ? Array.from({ length: open.columns }, (_, i) => ({ id: timeOfColumn(open.openMin, i), label: timeOfColumn(open.openMin, i) })) : []),
    [open],
  );

  const openBooking = (next: BookingDraft) => {
    setDraft(next);
    if (clinicId && recent.length === 0) {
      void api.recent(clinicId).then(
        (list) => {
          const seen = new Map<string, RecentMember>();
          for (const r of [...(current?.reservations ?? []), ...list]) {
            if (!seen.has(r.user.id)) seen.set(r.user.id, { id: r.user.id, name: r.user.name, userNumber: r.user.userNumber });
          }
          setRecent([...seen.values()].slice(0, 30));
        },
        () => undefined,
      );
    }
  };

  const onEmptyCell = (row: Row, column: number) => {
    if (!open || row.type !== 'STAFF') return;
    openBooking({ date, time: timeOfColumn(open.openMin, column), staffId: row.id });
  };

  const onRefused = (_reason: MoveRefusal) => messages.show({ text: t('errors.codes.MOVE_NOT_ALLOWED'), tone: 'error' });

  const onMove = (reservation: Reservation, fromRow: Row, toRow: Row, columns: number) => {
    const request = moveRequest(reservation, fromRow, toRow, columns);
    api.move(reservation.id, request.startsAt, request.target).then(
      () => {
        messages.show({ text: t('calendarPage.move.moved'), tone: 'success' });
        reload();
      },
      () => reload(),
    );
  };

  if (!clinicId) return <S.Message>{t('calendarPage.noClinic')}</S.Message>;

  const memo = current?.memos.find((m) => m.date === date) ?? null;
  const liveCount = current?.reservations.filter((r) => r.status === 'RESERVED' || r.status === 'VISITED').length ?? 0;

  const body = () => {
    if (setup.status === 'failed' || failed)
      return (
        <S.Message role="alert">
          {t('calendarPage.loadFailed')}{' '}
          <Button size="sm" variant="secondary" onPress={() => (setup.status === 'failed' ? setSetupVersion((v) => v + 1) : reload())}>
            {t('calendarPage.retry')}
          </Button>
        </S.Message>
      );
    if (!ready || !current)
      return (
        <S.Center>
          <Spinner label={t('calendarPage.loading')} size="lg" />
        </S.Center>
      );
    if (!ready.clinic) return <S.Message>{t('calendarPage.noClinic')}</S.Message>;
    if (view === 'week')
      return (
        <WeekView
          from={weekFrom}
          clinic={ready.clinic}
          rows={rows}
          schedules={current.schedules}
          reservations={current.reservations}
          dayLabel={dayLabel}
          dayHref={(day) => {
            const p = new URLSearchParams(params);
            p.set('date', day);
            p.set('view', 'day');
            return `/staff/calendar/?${p.toString()}`;
          }}
        />
      );
    if (dayWin?.kind === 'closed')
      return <S.Message role="status">{dayWin.holidayName ? t('calendarPage.holiday', { name: dayWin.holidayName }) : t('calendarPage.closed')}</S.Message>;
    if (rows.length === 0 || !open) return <S.Message>{t('calendarPage.noRows')}</S.Message>;
    return (
      <>
        <DayTimeline
          date={date}
          dateLabel={dayLabel(date)}
          openMin={open.openMin}
          columns={open.columns}
          rows={rows}
          placements={placements}
          shades={shades}
          reservations={reservationsById}
          onOpen={setOpenId}
          onEmptyCell={onEmptyCell}
          onMove={onMove}
          onRefused={onRefused}
        />
      </>
    );
  };

  const step = view === 'day' ? 1 : 7;
  const timelineShown = view === 'day' && Boolean(ready?.clinic) && Boolean(current) && rows.length > 0 && Boolean(open);
  return (
    <S.Page>
      <S.Toolbar role="group" aria-label={t('calendarPage.nav.label')}>
        <S.Title>{t('calendarPage.title')}</S.Title>
        <S.DateHeading aria-live="polite">
          {t('calendarPage.fullDateLabel', {
            year: Number(date.slice(0, 4)),
            month: Number(date.slice(5, 7)),
            day: Number(date.slice(8, 10)),
            weekday: t(`calendarPage.weekdays.${WEEKDAY_KEYS[weekdayOf(date)]!}`),
          })}
        </S.DateHeading>
        <S.ButtonGroup>
          <Button variant="secondary" size="sm" onPress={() => navigate({ date: addDays(date, -step) })}>
            {view === 'day' ? t('calendarPage.nav.previousDay') : t('calendarPage.nav.previousWeek')}
          </Button>
          <Button variant="secondary" size="sm" onPress={() => navigate({ date: today })}>
            {t('calendarPage.nav.today')}
          </Button>
          <Button variant="secondary" size="sm" onPress={() => navigate({ date: addDays(date, step) })}>
            {view === 'day' ? t('calendarPage.nav.nextDay') : t('calendarPage.nav.nextWeek')}
          </Button>
        </S.ButtonGroup>
        <S.InlineDatePicker label={t('calendarPage.nav.date')} value={date} onChange={(iso) => iso && navigate({ date: iso })} />
        <S.InlineRadioGroup
          label={t('calendarPage.nav.view')}
          orientation="horizontal"
          value={view}
          onChange={(value) => navigate({ view: value === 'week' ? 'week' : 'day' })}
          options={[
            { value: 'day', label: t('calendarPage.nav.day') },
            { value: 'week', label: t('calendarPage.nav.week') },
          ]}
        />
        {view === 'day' && (
          <>
            <Checkbox isSelected={showCancelled} onChange={setShowCancelled}>
              {t('calendarPage.nav.showCancelled')}
            </Checkbox>
            <Checkbox isSelected={unconfirmedOnly} onChange={setUnconfirmedOnly}>
              {t('calendarPage.nav.unconfirmedOnly')}
            </Checkbox>
            <Button size="sm" isDisabled={!open} onPress={() => open && openBooking({ date, time: timeOfColumn(open.openMin, 0), staffId: null })}>
              {t('calendarPage.nav.newReservation')}
            </Button>
          </>
        )}
      </S.Toolbar>
      {view === 'day' && current && (
        <S.InfoRow>
          <MemoBox api={api} clinicId={clinicId} date={date} memo={memo} onChanged={reload} key={`${rangeKey}|${memo?.id ?? ''}`} />
          {timelineShown && (
            <S.Legend>
              <span data-kind="work">{t('calendarPage.timeline.legendWork')}</span>
              <span data-kind="break">{t('calendarPage.timeline.legendBreak')}</span>
              <span>{t('calendarPage.timeline.count', { count: liveCount })}</span>
            </S.Legend>
          )}
        </S.InfoRow>
      )}
      {view === 'day' && unconfirmedOnly && current && <UnconfirmedList api={api} reservations={current.reservations} date={date} onOpen={setOpenId} />}
      {body()}
      {/* Below the timeline: the calendar comes first (the timeline within the top 250 px). */}
      {view === 'day' && current && <WaitlistPanel key={`${rangeKey}|${version}`} api={api} clinicId={clinicId} date={date} onChanged={reload} />}
      {ready && (
        <>
          <BookingDialog
            draft={draft}
            onClose={() => setDraft(null)}
            onBooked={() => {
              setDraft(null);
              messages.show({ text: t('calendarPage.booking.created'), tone: 'success' });
              reload();
            }}
            api={api}
            clinicId={clinicId}
            menus={ready.menus}
            rows={rows}
            timeItems={timeItems}
            recentMembers={recent}
          />
          <ReservationPanel reservationId={openId} api={api} rows={rows} onClose={() => setOpenId(null)} onChanged={reload} />
        </>
      )}
    </S.Page>
  );
}
