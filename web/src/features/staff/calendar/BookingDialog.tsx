import { Button, ConfirmDialog, Dialog, Select, TextField } from '@clinic/ui-kit';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../../i18n';
import { HttpError } from '../../../shared/api/http';
import { useLoad } from '../../../shared/useLoad';
import type { AvailableResources, BookingBody, CalendarApi, CalendarMenu, Reservation, SlotTask, StaffSlot } from './calendar.api';
import * as S from './calendar.styles';
import { addMinutes, clockOf, type Row } from './layout';
import { tokyoInstant } from '../staffs/schedule-time';

export interface BookingDraft {
  date: string;
  time: string;
  /** The staff row clicked; `null` = automatic assignment. */
  staffId: string | null;
}

export interface RecentMember {
  id: string;
  name: string;
  userNumber: string | null;
}

const AUTO = 'auto';

/** Tasks of `menu` from `startsAt`, on `staffId`, with rooms and machines that are free (the server's suggestion first). */
export function explicitTasks(
  menu: Pick<CalendarMenu, 'tasks'>,
  startsAt: string,
  staffId: string,
  free: AvailableResources | null,
  suggestion: readonly SlotTask[] | null,
): SlotTask[] {
  let cursor = startsAt;
  return menu.tasks.map((task, index) => {
    const start = cursor;
    const end = addMinutes(start, task.durationMinutes);
    cursor = end;
    const suggested = suggestion?.[index];
    const pick = (candidates: readonly string[], freeIds: readonly string[] | undefined, preferred: string | null | undefined) => {
      if (candidates.length === 0) return null;
      if (preferred && candidates.includes(preferred)) return preferred;
      return candidates.find((id) => freeIds?.includes(id)) ?? candidates[0]!;
    };
    return {
      startsAt: start,
      endsAt: end,
      staffId: task.needsStaff ? staffId : null,
      roomId: pick(task.roomIds, free?.roomIds, suggested?.roomId),
      machineId: pick(task.machineIds, free?.machineIds, suggested?.machineId),
    };
  });
}

/** Creates a reservation from a cell of the timeline (or the toolbar button). */
export function BookingDialog(props: {
  draft: BookingDraft | null;
  onClose: () => void;
  onBooked: (reservation: Reservation) => void;
  api: CalendarApi;
  clinicId: string;
  menus: readonly CalendarMenu[];
  rows: readonly Row[];
  timeItems: readonly { id: string; label: string }[];
  recentMembers: readonly RecentMember[];
}) {
  const t = useT();
  const { draft, api, clinicId, menus, rows } = props;
  const [userId, setUserId] = useState('');
  const [menuId, setMenuId] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [staffKey, setStaffKey] = useState(AUTO);
  const [memo, setMemo] = useState('');
  const [errors, setErrors] = useState<{ user?: string; menu?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  // A time in the past or outside opening hours: the server asks for a confirmation (OUTSIDE_OPENING_HOURS).
  const [outside, setOutside] = useState<{ body: BookingBody; reasons: string } | null>(null);

  useEffect(() => {
    if (!draft) return;
    setTime(draft.time);
    setStaffKey(draft.staffId ?? AUTO);
    setErrors({});
    setPending(false);
  }, [draft]);

  const menu = menus.find((m) => m.id === menuId) ?? null;
  const startsAt = draft && time ? tokyoInstant(draft.date, time) : null;
  const endsAt = menu && startsAt ? addMinutes(startsAt, menu.durationMinutes) : null;

  // What is free over the chosen time, and the day's times of the chosen menu (none when they cannot be read).
  const freeLoad = useLoad(
    () => (startsAt && endsAt ? api.availableResources(clinicId, startsAt, endsAt) : Promise.resolve(null)),
    [api, clinicId, startsAt, endsAt],
  );
  const free = freeLoad.status === 'ready' ? freeLoad.data : null;
  const slotsLoad = useLoad(
    () =>
      draft && menuId
        ? api.searchAvailable(clinicId, menuId, draft.date).then(
            (result) => result.slots,
            (): StaffSlot[] => [],
          )
        : Promise.resolve(null),
    [api, clinicId, menuId, draft],
  );
  const slots = slotsLoad.status === 'ready' ? slotsLoad.data : null;

  const nameOf = useMemo(() => new Map(rows.map((row) => [row.key, row.name])), [rows]);
  const names = (type: string, ids: readonly string[]) => ids.map((id) => nameOf.get(`${type}:${id}`) ?? id).join('、') || t('calendarPage.booking.none');
  const slot = slots?.find((s) => startsAt !== null && Date.parse(s.startsAt) === Date.parse(startsAt)) ?? null;

  const staffItems = [
    { id: AUTO, label: t('calendarPage.booking.automatic') },
    ...rows.filter((row) => row.type === 'STAFF').map((row) => ({ id: row.id, label: row.name })),
  ];
  const memberItems = props.recentMembers.map((m) => ({
    id: m.id,
    label: t('calendarPage.booking.recentMember', { name: m.name, number: m.userNumber ?? t('calendarPage.booking.noNumber') }),
  }));

  const close = () => {
    setUserId('');
    setMenuId(null);
    setMemo('');
    props.onClose();
  };

  const submit = async () => {
    const problems: typeof errors = {};
    if (!userId.trim()) problems.user = t('calendarPage.booking.memberRequired');
    if (!menu) problems.menu = t('calendarPage.booking.menuRequired');
    setErrors(problems);
    if (problems.user || problems.menu || !menu || !startsAt) return;
    const extra = memo.trim() ? { memo: memo.trim() } : {};
    await send(
      staffKey === AUTO
        ? { clinicId, userId: userId.trim(), menuId: menu.id, startsAt, ...extra }
        : { clinicId, userId: userId.trim(), menuIds: [menu.id], tasks: explicitTasks(menu, startsAt, staffKey, free, slot?.tasks ?? null), ...extra },
    );
  };

  const send = async (body: BookingBody) => {
    setPending(true);
    try {
      const booked = await api.book(body);
      setUserId('');
      setMenuId(null);
      setMemo('');
      props.onBooked(booked);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'OUTSIDE_OPENING_HOURS' && !body.allowOutsideHours) {
        const reasons = [...new Set(error.fields.map((field) => field.message))].join('');
        setOutside({ body, reasons: reasons || t('calendarPage.booking.outsideHoursDefault') });
        return;
      }
      setErrors({ form: error instanceof HttpError ? error.notice.text : t('errors.http.unexpected') });
    } finally {
      setPending(false);
    }
  };

  /** The staff member said yes: the same booking again, with the confirmation (recorded in the audit). */
  const confirmOutside = () => {
    if (!outside) return;
    const body = outside.body;
    setOutside(null);
    void send({ ...body, allowOutsideHours: true });
  };

  return (
    <>
      <Dialog
        title={t('calendarPage.booking.title')}
        isOpen={draft !== null}
        onOpenChange={(open) => !open && close()}
        footer={
          <>
            <Button variant="secondary" onPress={close}>
              {t('calendarPage.booking.cancel')}
            </Button>
            <Button isPending={pending} onPress={() => void submit()}>
              {t('calendarPage.booking.submit')}
            </Button>
          </>
        }
      >
        <S.Stack>
          {errors.form && <S.ErrorText role="alert">{errors.form}</S.ErrorText>}
          <TextField
            label={t('calendarPage.booking.member')}
            value={userId}
            onChange={setUserId}
            isRequired
            inputMode="numeric"
            isInvalid={Boolean(errors.user)}
            errorMessage={errors.user}
            description={t('calendarPage.booking.memberHelp')}
          />
          {memberItems.length > 0 && (
            <Select
              label={t('calendarPage.booking.recentMembers')}
              items={memberItems}
              selectedKey={memberItems.some((m) => m.id === userId) ? userId : null}
              onSelectionChange={setUserId}
            />
          )}
          <Select
            label={t('calendarPage.booking.menu')}
            items={menus.filter((m) => m.enabled).map((m) => ({ id: m.id, label: m.name }))}
            selectedKey={menuId}
            onSelectionChange={setMenuId}
            isRequired
            isInvalid={Boolean(errors.menu)}
            errorMessage={errors.menu}
          />
          <S.Muted>
            {t('calendarPage.booking.date')}: {draft?.date}
          </S.Muted>
          <Select label={t('calendarPage.booking.start')} items={props.timeItems} selectedKey={time || null} onSelectionChange={setTime} isRequired />
          <Select label={t('calendarPage.booking.staff')} items={staffItems} selectedKey={staffKey} onSelectionChange={setStaffKey} />
          {menu && startsAt && (
            <section aria-live="polite">
              <S.FieldLabel as="h3">{t('calendarPage.booking.free')}</S.FieldLabel>
              {free ? (
                <ul>
                  <li>{t('calendarPage.booking.freeStaff', { names: names('STAFF', free.staffIds) })}</li>
                  <li>{t('calendarPage.booking.freeRooms', { names: names('ROOM', free.roomIds) })}</li>
                  <li>{t('calendarPage.booking.freeMachines', { names: names('MACHINE', free.machineIds) })}</li>
                </ul>
              ) : (
                <S.Muted>{t('calendarPage.booking.checking')}</S.Muted>
              )}
              {slots &&
                (slot ? (
                  <S.Muted>
                    {t('calendarPage.booking.suggestion', {
                      tasks: slot.tasks
                        .map((task) =>
                          [
                            `${clockOf(task.startsAt)}〜${clockOf(task.endsAt)}`,
                            task.staffId && nameOf.get(`STAFF:${task.staffId}`),
                            task.roomId && nameOf.get(`ROOM:${task.roomId}`),
                            task.machineId && nameOf.get(`MACHINE:${task.machineId}`),
                          ]
                            .filter(Boolean)
                            .join(' '),
                        )
                        .join(' / '),
                    })}
                  </S.Muted>
                ) : (
                  <S.Muted>{t('calendarPage.booking.notAvailable')}</S.Muted>
                ))}
            </section>
          )}
          <S.FieldLabel>
            {t('calendarPage.booking.memo')}
            <S.TextArea value={memo} onChange={(event) => setMemo(event.target.value)} maxLength={2000} />
          </S.FieldLabel>
        </S.Stack>
      </Dialog>
      <ConfirmDialog
        isOpen={outside !== null}
        title={t('calendarPage.booking.outsideHoursTitle')}
        message={outside ? t('calendarPage.booking.outsideHoursConfirm', { reasons: outside.reasons }) : ''}
        confirmLabel={t('calendarPage.booking.outsideHoursYes')}
        cancelLabel={t('calendarPage.booking.outsideHoursNo')}
        isPending={pending}
        onConfirm={confirmOutside}
        onCancel={() => setOutside(null)}
      />
    </>
  );
}
