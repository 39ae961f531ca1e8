import styled from 'styled-components';
import { Button as RACButton } from 'react-aria-components';
import { buttonLook, hoverLook } from './button-look';

export const StyledButton = styled(RACButton)`
  ${buttonLook}

  &[data-hovered] {
    ${hoverLook}
  }

  &[data-pressed] {
    transform: translateY(1px);
  }

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
  }

  &[data-disabled] {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;
