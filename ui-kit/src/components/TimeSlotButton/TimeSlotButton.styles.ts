import styled from 'styled-components';
import { choiceLook } from '../shared/choice-look';

export const StyledTimeSlotButton = styled.button`
  ${choiceLook}
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: var(--space-1) var(--space-2);
  border-color: var(--color-primary);
  color: var(--color-primary);
  font-size: var(--font-size-md);
  font-weight: 700;
  font-variant-numeric: tabular-nums;

  @media (hover: hover) {
    &:hover:not(:disabled):not([aria-pressed='true']) {
      background: var(--color-primary-soft);
    }
  }
  &[aria-pressed='true'] {
    background: var(--color-primary);
    color: var(--color-on-primary);
  }
  &:disabled {
    border-color: var(--color-border);
  }
`;

/** The times of a day in a grid: four or more a row on a phone, as many as fit wider. */
export const StyledTimeSlotGroup = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(72px, 1fr));
  gap: var(--space-2);
`;
