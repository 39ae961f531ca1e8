import type { ReactNode } from 'react';
import { StyledTimeSlotButton, StyledTimeSlotGroup } from './TimeSlotButton.styles';

export interface TimeSlotButtonProps {
  /** The time as shown (`10:30`). */
  children: ReactNode;
  /** Chosen (`aria-pressed="true"`); leave it out for a button whose press moves on at once. */
  isSelected?: boolean;
  isDisabled?: boolean;
  onPress?: () => void;
  'aria-label'?: string;
  className?: string;
}

/** A free start time to choose: a native `<button aria-pressed>`, no react-aria (like `ChoiceCard`). */
export function TimeSlotButton({ children, isSelected, isDisabled, onPress, className, 'aria-label': ariaLabel }: TimeSlotButtonProps) {
  return (
    <StyledTimeSlotButton type="button" aria-pressed={isSelected} disabled={isDisabled} onClick={onPress} className={className} aria-label={ariaLabel}>
      {children}
    </StyledTimeSlotButton>
  );
}

export interface TimeSlotGroupProps {
  children: ReactNode;
  /** Names the times as a group (`12月3日(木)の空き時間`); without it the group is a plain grid. */
  'aria-label'?: string;
  'data-testid'?: string;
  className?: string;
}

/** The `TimeSlotButton`s of one day, in a grid. */
export function TimeSlotGroup({ children, className, 'aria-label': ariaLabel, 'data-testid': testId }: TimeSlotGroupProps) {
  return (
    <StyledTimeSlotGroup role={ariaLabel ? 'group' : undefined} aria-label={ariaLabel} data-testid={testId} className={className}>
      {children}
    </StyledTimeSlotGroup>
  );
}
