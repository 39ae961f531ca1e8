import styled from 'styled-components';
import { Button as RACButton, Calendar as RACCalendar, CalendarCell, CalendarGrid, Heading } from 'react-aria-components';

export const StyledCalendar = styled(RACCalendar)`
  display: inline-flex;
  flex-direction: column;
  gap: var(--space-2);
  padding: var(--space-3);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  color: var(--color-text);
  max-width: 100%;
`;

export const CalendarHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
`;

export const MonthHeading = styled(Heading)`
  margin: 0;
  font-size: var(--font-size-md);
  font-weight: 700;
`;

export const NavButton = styled(RACButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  padding: 0;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  color: var(--color-text);
  cursor: pointer;
  outline: none;

  &[data-hovered] {
    background: var(--color-primary-soft);
  }

  &[data-pressed] {
    background: var(--color-border);
  }

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
  }

  &[data-disabled] {
    opacity: 0.4;
    cursor: not-allowed;
  }

  & svg {
    width: 18px;
    height: 18px;
  }
`;

export const Grid = styled(CalendarGrid)`
  border-collapse: collapse;

  & th {
    width: 40px;
    padding-bottom: var(--space-1);
    font-size: var(--font-size-xs);
    font-weight: 600;
    color: var(--color-muted);
  }

  /* ja-JP weeks start on Sunday: Sunday red, Saturday blue, as on Japanese calendars. */
  & th:first-child,
  & td:first-child .ui-kit-calendar-cell:not([data-selected]):not([data-disabled]) {
    color: var(--color-danger);
  }

  & th:last-child,
  & td:last-child .ui-kit-calendar-cell:not([data-selected]):not([data-disabled]) {
    color: var(--color-info);
  }

  & td {
    padding: 1px;
  }
`;

export const Cell = styled(CalendarCell)`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: var(--radius-full);
  font-size: var(--font-size-sm);
  cursor: pointer;
  outline: none;
  font-variant-numeric: tabular-nums;

  &[data-outside-month] {
    visibility: hidden;
  }

  &[data-hovered] {
    background: var(--color-primary-soft);
  }

  &[data-pressed] {
    background: var(--color-border);
  }

  &[data-selected] {
    background: var(--color-primary);
    color: var(--color-on-primary);
    font-weight: 700;
  }

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
  }

  &[data-today]:not([data-selected]) {
    box-shadow: inset 0 0 0 1px var(--color-primary);
  }

  &[data-today][data-focus-visible]:not([data-selected]) {
    box-shadow: var(--focus-ring);
  }

  &[data-disabled],
  &[data-unavailable] {
    color: var(--color-muted);
    opacity: 0.45;
    cursor: not-allowed;
    text-decoration: line-through;
  }

  &[data-invalid] {
    background: var(--color-danger);
    color: var(--color-on-primary);
  }
`;
