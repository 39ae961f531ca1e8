import styled from 'styled-components';
import { choiceLook } from '../shared/choice-look';

export const StyledDayButton = styled.button`
  ${choiceLook}
  flex: 0 0 auto;
  display: flex;
  flex-direction: column;
  align-items: center;
  width: 60px;
  min-height: 60px;
  padding: var(--space-1);
  font-size: var(--font-size-sm);
  line-height: 1.3;
  scroll-snap-align: start;

  b {
    font-size: var(--font-size-lg);
  }
  &[data-weekday='0'] span {
    color: var(--color-danger);
  }
  &[data-weekday='6'] span {
    color: var(--color-secondary);
  }
  @media (hover: hover) {
    &:hover:not(:disabled) {
      border-color: var(--color-primary);
    }
  }
  &[aria-pressed='true'] {
    border-color: var(--color-primary);
    background: var(--color-primary);
    color: var(--color-on-primary);
  }
  &[aria-pressed='true'] span {
    color: inherit;
  }
`;
