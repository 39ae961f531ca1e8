import styled from 'styled-components';
import { choiceLook } from '../shared/choice-look';

export const StyledChoiceCard = styled.button`
  ${choiceLook}
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
  width: 100%;
  min-height: 48px;
  padding: var(--space-3) var(--space-4);
  text-align: left;

  strong {
    font-size: var(--font-size-md);
    overflow-wrap: anywhere;
  }
  small {
    color: var(--color-muted);
    font-size: var(--font-size-sm);
  }
  /* Only where a pointer hovers: on touch screens :hover sticks after a tap. */
  @media (hover: hover) {
    &:hover:not(:disabled) {
      border-color: var(--color-primary);
    }
  }
  &[aria-pressed='true'] {
    border: 2px solid var(--color-primary);
    padding: calc(var(--space-3) - 1px) calc(var(--space-4) - 1px);
    background: var(--color-primary-soft);
  }
`;
