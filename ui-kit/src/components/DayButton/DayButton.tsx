import type { ReactNode } from 'react';
import { StyledDayButton } from './DayButton.styles';

export interface DayButtonProps {
  /** The month line (`12/`). */
  month: ReactNode;
  /** The day of the month, large. */
  day: ReactNode;
  /** The weekday line (`(木)`); Sundays red and Saturdays in the secondary colour by `dayOfWeek`. */
  weekday: ReactNode;
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek?: number;
  isSelected?: boolean;
  /** A day without free times. */
  isDisabled?: boolean;
  onPress?: () => void;
  className?: string;
}

/**
 * One day of a day strip (a row of days that scrolls sideways on a phone): a native
 * `<button aria-pressed>`, no react-aria (like `ChoiceCard`). Its name is its visible text
 * (`12/3(木)`): a name of its own (`12月3日(木)`) would not contain what is shown, and a person
 * who speaks to the page says what they see (WCAG 2.5.3, label in name).
 */
export function DayButton({ month, day, weekday, dayOfWeek, isSelected, isDisabled, onPress, className }: DayButtonProps) {
  return (
    <StyledDayButton type="button" data-weekday={dayOfWeek} aria-pressed={isSelected} disabled={isDisabled} onClick={onPress} className={className}>
      <span>{month}</span>
      <b>{day}</b>
      <span>{weekday}</span>
    </StyledDayButton>
  );
}
