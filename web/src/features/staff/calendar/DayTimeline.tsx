import { VisuallyHidden } from '@clinic/ui-kit';
import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { formsOf, visitFormsText, VisitFormsMark } from '../forms/VisitFormsBadge';
import { useT } from '../../../i18n';
import type { Reservation } from './calendar.api';
import * as S from './calendar.styles';
import { clockOf, moveRefusal, timeOfColumn, type MoveRefusal, type Placement, type Row, type Shade } from './layout';

export interface DayTimelineProps {
  date: string;
  dateLabel: string;
  openMin: number;
  columns: number;
  rows: readonly Row[];
  placements: readonly Placement[];
  shades: readonly Shade[];
  reservations: ReadonlyMap<string, Reservation>;
  onOpen: (reservationId: string) => void;
  onEmptyCell: (row: Row, column: number) => void;
  onMove: (reservation: Reservation, from: Row, to: Row, columns: number) => void;
  onRefused: (reason: MoveRefusal) => void;
}

interface GhostState {
  placement: Placement;
  rowIndex: number;
  column: number;
  refusal: MoveRefusal | null;
}

const vars = (values: Record<string, number>): CSSProperties => {
  const style: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) style[`--${key}`] = String(value);
  return style as CSSProperties;
};

const cssNumber = (element: Element, name: string, fallback: number) => Number.parseFloat(getComputedStyle(element).getPropertyValue(name)) || fallback;

/**
 * The resource timeline of one day: one absolutely positioned element per shade and per block,
 * placed by CSS variables. Dragging or the arrow keys move a ghost; only the ghost has state, the
 * blocks are memoised and do not re-render while it moves.
 */
export function DayTimeline(props: DayTimelineProps) {
  const t = useT();
  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [ghost, setGhost] = useState<GhostState | null>(null);
  const latest = useRef({ props, ghost });
  latest.current = { props, ghost };
  const drag = useRef<{ placement: Placement; x: number; y: number; moved: boolean; colW: number; rowH: number } | null>(null);
  const justDragged = useRef(false);

  const ghostFor = useCallback((placement: Placement, rowIndex: number, column: number): GhostState => {
    const { rows, reservations } = latest.current.props;
    const clampedRow = Math.max(0, Math.min(rows.length - 1, rowIndex));
    const reservation = reservations.get(placement.reservationId);
    const refusal = reservation ? moveRefusal(reservation, rows[placement.rowIndex]!, rows[clampedRow]!) : 'STATUS';
    return { placement, rowIndex: clampedRow, column, refusal };
  }, []);

  const confirm = useCallback((state: GhostState) => {
    const { rows, reservations, onMove, onRefused } = latest.current.props;
    setGhost(null);
    const columns = state.column - state.placement.column;
    if (columns === 0 && state.rowIndex === state.placement.rowIndex) return;
    if (state.refusal) {
      onRefused(state.refusal);
      return;
    }
    const reservation = reservations.get(state.placement.reservationId);
    if (reservation) onMove(reservation, rows[state.placement.rowIndex]!, rows[state.rowIndex]!, columns);
  }, []);

  const placementByKey = useMemo(() => new Map(props.placements.map((p) => [p.key, p])), [props.placements]);
  const placementOf = (target: EventTarget): Placement | null => {
    const element = (target as Element).closest?.('[data-block]');
    const key = element?.getAttribute('data-key');
    return key ? (placementByKey.get(key) ?? null) : null;
  };

  // Delegated handlers on the body: no closures per block.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const placement = placementOf(event.target);
    if (!placement || event.button !== 0 || !scroller.current) return;
    drag.current = {
      placement,
      x: event.clientX,
      y: event.clientY,
      moved: false,
      colW: cssNumber(scroller.current, '--col-w', 30),
      rowH: cssNumber(scroller.current, '--row-h', 58),
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.moved && Math.abs(dx) + Math.abs(dy) < 6) return;
    if (!current.moved) {
      // Captured only once it is a drag, so a plain click still reaches the block.
      current.moved = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    const next = ghostFor(
      current.placement,
      current.placement.rowIndex + Math.round(dy / current.rowH),
      current.placement.column + Math.round(dx / current.colW),
    );
    if (!ghost || ghost.rowIndex !== next.rowIndex || ghost.column !== next.column) setGhost(next);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    if (!current?.moved) return;
    justDragged.current = true;
    confirm(
      ghostFor(
        current.placement,
        current.placement.rowIndex + Math.round((event.clientY - current.y) / current.rowH),
        current.placement.column + Math.round((event.clientX - current.x) / current.colW),
      ),
    );
  };
  const onPointerCancel = () => {
    drag.current = null;
    setGhost(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const placement = placementOf(event.target);
    if (!placement) return;
    const mine = ghost && ghost.placement.key === placement.key ? ghost : null;
    const base = mine ?? { rowIndex: placement.rowIndex, column: placement.column };
    const step: Record<string, [number, number]> = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    const delta = step[event.key];
    if (delta) {
      event.preventDefault();
      setGhost(ghostFor(placement, base.rowIndex + delta[0], base.column + delta[1]));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (mine) confirm(mine);
      else props.onOpen(placement.reservationId);
    } else if (event.key === 'Escape' && mine) {
      event.preventDefault();
      event.stopPropagation();
      setGhost(null);
    }
  };

  const { rows, placements, shades, reservations, openMin, columns } = props;

  const hourLabels = useMemo(() => {
    const labels: { column: number; text: string }[] = [];
    for (let column = 0; column < columns; column += 1) {
      if ((openMin + column * 15) % 60 === 0 || column === 0) labels.push({ column, text: timeOfColumn(openMin, column) });
    }
    return labels;
  }, [openMin, columns]);

  const shadeElements = useMemo(
    () =>
      shades.map((shade) =>
        shade.kind === 'hold' ? (
          <div
            key={shade.key}
            data-shade=""
            data-kind="hold"
            data-testid="waitlist-hold"
            title={shade.label}
            style={vars({ r: shade.rowIndex, c: shade.column, s: shade.span })}
          >
            {shade.label}
          </div>
        ) : (
          <div key={shade.key} data-shade="" data-kind={shade.kind} style={vars({ r: shade.rowIndex, c: shade.column, s: shade.span })} />
        ),
      ),
    [shades],
  );

  const blockElements = useMemo(() => {
    const labels = new Map<string, { label: string; menu: string; status: string; confirmed: boolean; formsMark: ReactNode }>();
    const confirmedText = t('calendarPage.timeline.confirmed');
    const textOf = (reservation: Reservation) => {
      let text = labels.get(reservation.id);
      if (!text) {
        const menu = reservation.menus.map((m) => m.name).join('・');
        const status = t(`calendarPage.statuses.${reservation.status}`);
        // The mark of a confirmed visit is drawn by CSS; its words are in the label.
        const confirmed = reservation.status === 'RESERVED' && Boolean(reservation.confirmedAt);
        const base = t('calendarPage.timeline.blockLabel', { time: clockOf(reservation.startsAt), name: reservation.user.name, menu, status });
        // The paperwork's words follow the status, as on the block's last line (label in name).
        const forms = formsOf(reservation);
        const formsText = visitFormsText(forms, t);
        const withForms = formsText ? `${base} ${formsText}` : base;
        const label = confirmed ? `${withForms}、${confirmedText}` : withForms;
        text = { label, menu, status, confirmed, formsMark: <VisitFormsMark forms={forms} /> };
        labels.set(reservation.id, text);
      }
      return text;
    };
    return placements.map((placement) => {
      const reservation = reservations.get(placement.reservationId);
      if (!reservation) return null;
      const text = textOf(reservation);
      return (
        <div
          key={placement.key}
          data-block=""
          data-key={placement.key}
          role="button"
          tabIndex={0}
          data-status={reservation.status}
          data-confirmed={text.confirmed ? '' : undefined}
          title={text.confirmed ? confirmedText : undefined}
          data-reservation={reservation.id}
          data-row={rows[placement.rowIndex]?.name}
          aria-label={text.label}
          aria-describedby={hintId}
          style={vars({ r: placement.rowIndex, c: placement.column, s: placement.span })}
        >
          {/* The spaces keep the words apart in the visible text that the label contains (label in name). */}
          <b>{reservation.user.name}</b> <span>{text.menu}</span>{' '}
          <span>
            {text.status}
            {text.formsMark}
          </span>
        </div>
      );
    });
  }, [placements, reservations, rows, hintId, t]);

  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    if (justDragged.current) {
      justDragged.current = false;
      return;
    }
    const placement = placementOf(event.target);
    if (placement) {
      props.onOpen(placement.reservationId);
      return;
    }
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const element = scroller.current ?? event.currentTarget;
    const column = Math.floor((event.clientX - box.left) / cssNumber(element, '--col-w', 30));
    const rowIndex = Math.floor((event.clientY - box.top) / cssNumber(element, '--row-h', 58));
    const row = rows[rowIndex];
    if (row && column >= 0 && column < columns) props.onEmptyCell(row, column);
  };

  const ghostRow = ghost ? rows[ghost.rowIndex] : undefined;
  return (
    <S.Scroller ref={scroller} role="region" aria-label={t('calendarPage.timeline.label', { date: props.dateLabel })} tabIndex={0}>
      <S.Canvas style={vars({ cols: columns, rows: rows.length })} data-testid="day-timeline" data-date={props.date}>
        <S.Corner>{t('calendarPage.timeline.resource')}</S.Corner>
        <S.Hours aria-hidden="true">
          {hourLabels.map((label) => (
            <S.HourLabel key={label.column} style={vars({ c: label.column })}>
              {label.text}
            </S.HourLabel>
          ))}
        </S.Hours>
        <S.Labels>
          {rows.map((row) => (
            <S.RowLabel key={row.key} data-type={row.type} data-row={row.key}>
              <small>{t(`calendarPage.timeline.rowTypes.${row.type}`)}</small>
              <strong title={row.name}>{row.name}</strong>
            </S.RowLabel>
          ))}
        </S.Labels>
        <S.Body
          onClick={onBodyClick}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onKeyDown={onKeyDown}
          data-testid="timeline-body"
        >
          {shadeElements}
          {blockElements}
          {ghost && (
            <S.Ghost
              data-refused={ghost.refusal ? '' : undefined}
              data-testid="move-ghost"
              style={vars({ r: ghost.rowIndex, c: ghost.column, s: ghost.placement.span })}
            />
          )}
        </S.Body>
      </S.Canvas>
      <VisuallyHidden id={hintId}>{t('calendarPage.timeline.blockHint')}</VisuallyHidden>
      <VisuallyHidden aria-live="polite">
        {ghost && ghostRow ? t('calendarPage.timeline.ghost', { row: ghostRow.name, time: timeOfColumn(openMin, ghost.column) }) : ''}
      </VisuallyHidden>
    </S.Scroller>
  );
}
