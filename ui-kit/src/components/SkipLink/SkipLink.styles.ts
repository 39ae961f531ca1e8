import styled from 'styled-components';

export const SkipLinkRoot = styled.a`
  position: absolute;
  left: var(--space-2);
  top: -100px;
  z-index: 100;
  padding: var(--space-2) var(--space-3);
  background: var(--color-surface);
  color: var(--color-primary);
  border-radius: var(--radius-md);
  box-shadow: var(--shadow-md);

  &:focus {
    top: var(--space-2);
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;
