import styled from 'styled-components';
import { buttonLook, hoverLook } from '../Button/button-look';

export const StyledPlainButton = styled.button`
  ${buttonLook}

  /* Only where a pointer hovers: on touch screens :hover sticks after a tap. */
  @media (hover: hover) {
    &:hover:not(:disabled) {
      ${hoverLook}
    }
  }

  &:active:not(:disabled):not([data-pending]) {
    transform: translateY(1px);
  }

  &:focus-visible {
    box-shadow: var(--focus-ring);
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

export const PendingMark = styled.span`
  display: inline-flex;
`;
