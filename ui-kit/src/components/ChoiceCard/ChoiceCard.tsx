import type { ReactNode } from 'react';
import { StyledChoiceCard } from './ChoiceCard.styles';

export interface ChoiceCardProps {
  /** The choice's name, in bold. */
  title: ReactNode;
  /** A line below it in small muted text (duration, price, sessions left…). */
  description?: ReactNode;
  /** Chosen (`aria-pressed="true"`); leave it out for a card whose press moves on at once. */
  isSelected?: boolean;
  isDisabled?: boolean;
  onPress?: () => void;
  'aria-label'?: string;
  className?: string;
}

/**
 * A large selectable card (a clinic, a menu): a toggle button whose name is its title and
 * description. A native `<button aria-pressed>`, no react-aria: the guest booking page uses it
 * (docs/benchmarks.md). Lay several out with the page's own grid.
 */
export function ChoiceCard({ title, description, isSelected, isDisabled, onPress, className, 'aria-label': ariaLabel }: ChoiceCardProps) {
  return (
    <StyledChoiceCard type="button" aria-pressed={isSelected} disabled={isDisabled} onClick={onPress} className={className} aria-label={ariaLabel}>
      <strong>{title}</strong>
      {description ? <small>{description}</small> : null}
    </StyledChoiceCard>
  );
}
