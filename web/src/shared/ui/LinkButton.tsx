import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

/** Links that look like the ui-kit's buttons (navigation must stay a link for the browser). */
const look = css`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: var(--space-2);
  min-height: 48px;
  padding: var(--space-2) var(--space-4);
  border: 1px solid var(--color-primary);
  border-radius: var(--radius-md);
  font-weight: 600;
  text-align: center;
  text-decoration: none;
  transition: background-color 120ms;

  /* Beside the ui-kit's buttons in a toolbar: their height, a smaller text. */
  &[data-size='sm'] {
    min-height: 44px;
    font-size: var(--font-size-sm);
  }

  &[data-variant='primary'] {
    background: var(--color-primary);
    color: var(--color-on-primary);
  }
  &[data-variant='primary']:hover {
    background: var(--color-primary-hover);
  }
  &[data-variant='secondary'] {
    background: var(--color-surface);
    color: var(--color-primary);
  }
  &[data-variant='secondary']:hover {
    background: var(--color-primary-soft);
  }
  /* LINE's own #06C755 gives white text 2.2:1; the darker green of LineButton gives 5.1:1 (WCAG AA). */
  &[data-variant='line'] {
    background: #00803a;
    border-color: #00803a;
    color: #ffffff;
  }
  &[data-variant='line']:hover {
    background: #006b30;
    border-color: #006b30;
  }
  &:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;

export const LinkButton = styled(Link)`
  ${look}
`;

export const AnchorButton = styled.a`
  ${look}
`;
