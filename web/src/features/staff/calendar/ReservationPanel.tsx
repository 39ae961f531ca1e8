import { Button, ConfirmDialog, Drawer, FactList, Spinner, useMessages } from '@clinic/ui-kit';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../../i18n';
import type { CalendarApi, Reservation, StatusAction } from './calendar.api';
import * as S from './calendar.styles';
import { clockOf, type Row } from './layout';
import { tokyoParts } from '../staffs/schedule-time';
import { MessageHistory } from '../messages/MessageHistory';
import { LinkButton } from '../../../shared/ui/LinkButton';
import { useEditableLoad } from '../../../shared/useEditableLoad';
import { useLoad, useReloadKey } from '../../../shared/useLoad';
import { formsOf, VisitFormsBadge } from '../forms/VisitFormsBadge';
import { staffFormsPath } from '../forms/staff-forms.api';

const HISTORY_ACTIONS = ['create', 'change', 'update', 'move', 'delete', 'cancelled', 'not_visited', 'visited', 'reserved', 'confirm'] as const;
type HistoryAction = (typeof HISTORY_ACTIONS)[number];
const isHistoryAction = (value: string): value is HistoryAction => (HISTORY_ACTIONS as readonly string[]).includes(value);

const when = (instant: string) => {
  const { date, time } = tokyoParts(instant);
  return `${date.replaceAll('-', '/')} ${time}`;
};

/** The actions a status allows (shared/DOMAIN.md: live = RESERVED or VISITED). */
export function actionsFor(status: Reservation['status']): StatusAction[] {
  switch (status) {
    case 'RESERVED':
      return ['visited', 'cancel', 'not-visited'];
    case 'VISITED':
      return ['reserved', 'cancel'];
    default:
      return ['reserved'];
  }
}

/** Details of one reservation, its memo, status changes, deletion and history. */
export function ReservationPanel(props: { reservationId: string | null; api: CalendarApi; rows: readonly Row[]; onClose: () => void; onChanged: () => void }) {
  const t = useT();
  const messages = useMessages();
  const { api, reservationId } = props;
  const [memo, setMemo] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'delete' | 'cancel' | null>(null);
  // After a status change the button that had focus may be gone (a cancelled reservation has no
  // "cancel"): focus goes back into the panel, so that Escape and Tab still work there.
  // Checked once the changed reservation is on screen (its buttons replaced), not at a frame that
  // may come before React has rendered it: then the button still had focus and lost it just after
  // (seen in the keyboard journey on a busy machine, where Escape then closed nothing).
  const panel = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  // A reservation that cannot be read (deleted meanwhile) closes the panel; the parent's latest
  // onClose is called, and a new one does not load the reservation again.
  const [loaded, updateReservation] = useEditableLoad(() => (reservationId ? api.reservation(reservationId) : Promise.resolve(null)), [api, reservationId]);
  const reservation = loaded.status === 'ready' ? loaded.data : null;
  const closeUnreadable = useEffectEvent(() => props.onClose());
  const unreadable = loaded.status === 'failed';
  useEffect(() => {
    if (unreadable) closeUnreadable();
  }, [unreadable]);
  // The memo being edited starts from the reservation's, each time it is read or changed.
  const [memoOf, setMemoOf] = useState<Reservation | null>(null);
  if (reservation && reservation !== memoOf) {
    setMemoOf(reservation);
    setMemo(reservation.memo);
  }
  // The history is read again after each change, the old one staying on screen meanwhile.
  const [historyKey, refreshHistory] = useReloadKey();
  const historyLoad = useLoad(async () => ({ reservationId, entries: reservationId ? await api.history(reservationId) : null }), [api, reservationId], {
    reloadKey: historyKey,
    keepWhileReloading: (shown) => shown.reservationId === reservationId,
  });
  // `null`: no history to show (the call answers null when it cannot be read).
  const history = historyLoad.status === 'ready' ? historyLoad.data.entries : historyLoad.status === 'failed' ? null : 'loading';

  useLayoutEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    if (panel.current && !panel.current.contains(document.activeElement)) panel.current.focus();
  }, [reservation]);

  const names = useMemo(() => new Map(props.rows.map((row) => [row.key, row.name])), [props.rows]);

  const run = async (key: string, action: () => Promise<Reservation | void>, done: string) => {
    setPending(key);
    try {
      const result = await action();
      messages.show({ text: done, tone: 'success' });
      if (result) {
        refocus.current = true;
        updateReservation(() => result);
        refreshHistory();
      }
      props.onChanged();
      return true;
    } catch {
      return false; // the HTTP client showed the message
    } finally {
      setPending(null);
    }
  };

  const setStatus = (action: StatusAction) =>
    reservation && void run(action, () => api.setStatus(reservation.id, action), t(`calendarPage.panel.done.${action}`));

  const actionLabel: Record<StatusAction, string> = {
    visited: t('calendarPage.panel.visited'),
    cancel: t('calendarPage.panel.cancel'),
    'not-visited': t('calendarPage.panel.notVisited'),
    reserved: t('calendarPage.panel.reserved'),
  };

  return (
    <Drawer isOpen={reservationId !== null} onOpenChange={(open) => !open && props.onClose()} title={t('calendarPage.panel.title')} placement="right">
      {!reservation ? (
        <S.Center>
          <Spinner label={t('calendarPage.panel.loading')} />
        </S.Center>
      ) : (
        <S.Stack data-testid="reservation-panel" ref={panel} tabIndex={-1}>
          <FactList>
            <dt>{t('calendarPage.panel.member')}</dt>
            <dd>
              {reservation.user.userNumber
                ? t('calendarPage.panel.memberWithNumber', { name: reservation.user.name, number: reservation.user.userNumber })
                : `${reservation.user.name}（${t('calendarPage.booking.noNumber')}）`}
            </dd>
            <dt>{t('calendarPage.panel.menus')}</dt>
            <dd>{reservation.menus.map((m) => m.name).join('、')}</dd>
            <dt>{t('calendarPage.panel.tasks')}</dt>
            <dd>
              <ul>
                {reservation.tasks.map((task, index) => (
                  <li key={index}>
                    {t('calendarPage.panel.task', { from: clockOf(task.startsAt), to: clockOf(task.endsAt), label: task.label })}
                    {[
                      task.staffId && names.get(`STAFF:${task.staffId}`),
                      task.roomId && names.get(`ROOM:${task.roomId}`),
                      task.machineId && names.get(`MACHINE:${task.machineId}`),
                    ]
                      .filter(Boolean)
                      .map((name) => ` ${name}`)
                      .join('')}
                  </li>
                ))}
              </ul>
            </dd>
            <dt>{t('calendarPage.panel.status')}</dt>
            <dd data-testid="reservation-status">{t(`calendarPage.statuses.${reservation.status}`)}</dd>
            <dt>{t('calendarPage.panel.confirmation')}</dt>
            <dd data-testid="reservation-confirmation">
              {reservation.confirmedAt ? t('calendarPage.panel.confirmedAt', { at: when(reservation.confirmedAt) }) : t('calendarPage.panel.notConfirmed')}
            </dd>
            {formsOf(reservation) && (
              <>
                <dt>{t('staffForms.panelTitle')}</dt>
                <dd data-testid="reservation-forms">
                  {formsOf(reservation)!.required === 0 ? (
                    t('staffForms.panelNone')
                  ) : (
                    <S.Stack>
                      <VisitFormsBadge forms={formsOf(reservation)} />
                      <LinkButton to={staffFormsPath(reservation.id, reservation.clinicId)} data-variant="secondary" data-size="sm">
                        {t('staffForms.open')}
                      </LinkButton>
                    </S.Stack>
                  )}
                </dd>
              </>
            )}
            <dt>{t('calendarPage.panel.source')}</dt>
            <dd>{t(`calendarPage.sources.${reservation.source}`)}</dd>
            <dt>{t('calendarPage.panel.createdAt')}</dt>
            <dd>{when(reservation.createdAt)}</dd>
          </FactList>
          <S.FieldLabel>
            {t('calendarPage.panel.memo')}
            <S.TextArea value={memo} onChange={(event) => setMemo(event.target.value)} maxLength={2000} />
          </S.FieldLabel>
          <div>
            <Button
              variant="secondary"
              size="sm"
              isPending={pending === 'memo'}
              isDisabled={memo === reservation.memo}
              onPress={() => void run('memo', () => api.updateMemo(reservation.id, memo), t('calendarPage.panel.memoSaved'))}
            >
              {t('calendarPage.panel.saveMemo')}
            </Button>
          </div>
          <S.ButtonGroup>
            {actionsFor(reservation.status).map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'visited' || action === 'reserved' ? 'primary' : 'secondary'}
                isPending={pending === action}
                isDisabled={pending !== null && pending !== action}
                onPress={() => (action === 'cancel' ? setConfirming('cancel') : setStatus(action))}
              >
                {actionLabel[action]}
              </Button>
            ))}
            <Button size="sm" variant="danger" isDisabled={pending !== null} onPress={() => setConfirming('delete')}>
              {t('calendarPage.panel.delete')}
            </Button>
          </S.ButtonGroup>
          <section>
            <S.FieldLabel as="h3">{t('calendarPage.panel.history')}</S.FieldLabel>
            {history === 'loading' ? (
              <Spinner label={t('calendarPage.panel.loading')} />
            ) : history === null ? (
              <S.Muted>{t('calendarPage.panel.historyUnavailable')}</S.Muted>
            ) : history.length === 0 ? (
              <S.Muted>{t('calendarPage.panel.noHistory')}</S.Muted>
            ) : (
              <ul>
                {history.map((entry, index) => (
                  <li key={index}>
                    {t('calendarPage.panel.historyEntry', {
                      at: when(entry.at),
                      action: (() => {
                        const name = entry.action.replace(/^reservation\./, '');
                        return isHistoryAction(name) ? t(`calendarPage.panel.actions.${name}`) : entry.action;
                      })(),
                      actor: entry.actor?.name ?? t('calendarPage.panel.actorSystem'),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section data-testid="reservation-messages">
            <S.FieldLabel as="h3">{t('messageHistory.panelTitle')}</S.FieldLabel>
            <MessageHistory api={api.messages} clinicId={reservation.clinicId} reservationId={reservation.id} label={t('messageHistory.panelTitle')} />
          </section>
        </S.Stack>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        tone="danger"
        message={confirming === 'delete' ? t('calendarPage.panel.deleteConfirm') : t('calendarPage.panel.cancelConfirm')}
        isPending={pending !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!reservation) return;
          if (confirming === 'cancel') {
            setConfirming(null);
            setStatus('cancel');
            return;
          }
          void run('delete', () => api.remove(reservation.id), t('calendarPage.panel.deleted')).then((ok) => {
            setConfirming(null);
            if (ok) props.onClose();
          });
        }}
      />
    </Drawer>
  );
}
