import type { DateValue } from '@internationalized/date';
import { CalendarHeader, Cell, Grid, MonthHeading, NavButton, StyledCalendar } from './Calendar.styles';
import { toCalendarDate, toIso } from './date';

export interface CalendarProps {
  /** Selected date as `'YYYY-MM-DD'`. */
  value?: string | null;
  defaultValue?: string;
  onChange?: (iso: string) => void;
  minValue?: string;
  maxValue?: string;
  /** Days that cannot be chosen (e.g. clinic holidays). */
  isDateUnavailable?: (iso: string) => boolean;
  isDisabled?: boolean;
  /** Accessible name of the calendar. */
  'aria-label'?: string;
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
}

export function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={direction === 'left' ? 'M12 5l-5 5 5 5' : 'M8 5l5 5-5 5'} />
    </svg>
  );
}

/** Month calendar with ISO date strings in and out (react-aria Calendar, Japanese weekday header). */
export function Calendar({
  value,
  defaultValue,
  onChange,
  minValue,
  maxValue,
  isDateUnavailable,
  isDisabled,
  'aria-label': ariaLabel = '日付を選択',
  previousLabel = '前の月',
  nextLabel = '次の月',
  className,
}: CalendarProps) {
  const controlled = value !== undefined ? { value: toCalendarDate(value) ?? null } : {};
  return (
    <StyledCalendar
      {...controlled}
      defaultValue={toCalendarDate(defaultValue)}
      onChange={(d: DateValue | readonly DateValue[]) => {
        const date = Array.isArray(d) ? d[0] : d;
        if (date) onChange?.(toIso(date as DateValue));
      }}
      minValue={toCalendarDate(minValue)}
      maxValue={toCalendarDate(maxValue)}
      isDateUnavailable={isDateUnavailable ? (d: DateValue) => isDateUnavailable(toIso(d)) : undefined}
      isDisabled={isDisabled}
      aria-label={ariaLabel}
      className={className}
    >
      <CalendarGridWithHeader previousLabel={previousLabel} nextLabel={nextLabel} />
    </StyledCalendar>
  );
}

/** Header (previous / month / next) and day grid; shared with DatePicker's popover. */
export function CalendarGridWithHeader({ previousLabel, nextLabel }: { previousLabel: string; nextLabel: string }) {
  return (
    <>
      <CalendarHeader>
        <NavButton slot="previous" aria-label={previousLabel}>
          <ChevronIcon direction="left" />
        </NavButton>
        <MonthHeading />
        <NavButton slot="next" aria-label={nextLabel}>
          <ChevronIcon direction="right" />
        </NavButton>
      </CalendarHeader>
      <Grid weekdayStyle="narrow">{(date) => <Cell date={date} className="ui-kit-calendar-cell" />}</Grid>
    </>
  );
}
