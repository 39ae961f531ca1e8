import styled, { css } from 'styled-components';

/**
 * The resting look of a button, shared by `Button` (react-aria) and `PlainButton` (native):
 * box, `data-size` and `data-variant` colours. Each adds its own hover, press, focus and
 * disabled rules (react-aria's state attributes or the native pseudo-classes). Kept apart from
 * `Button.styles.ts` so that `PlainButton` does not import react-aria.
 */
export const buttonLook = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--space-2);
  min-height: 44px;
  padding: var(--space-2) var(--space-4);
  font-size: var(--font-size-md);
  font-weight: 600;
  line-height: 1.4;
  border: 1px solid transparent;
  border-radius: var(--radius-md);
  cursor: pointer;
  outline: none;
  white-space: nowrap;
  transition:
    background-color 120ms,
    border-color 120ms,
    box-shadow 120ms,
    transform 80ms;
  -webkit-tap-highlight-color: transparent;

  &[data-size='sm'] {
    min-height: 32px;
    padding: var(--space-1) var(--space-3);
    font-size: var(--font-size-sm);
  }

  &[data-variant='primary'] {
    background: var(--color-primary);
    color: var(--color-on-primary);
  }
  &[data-variant='secondary'] {
    background: var(--color-surface);
    color: var(--color-primary);
    border-color: var(--color-primary);
  }
  &[data-variant='danger'] {
    background: var(--color-danger);
    color: var(--color-on-primary);
  }
  &[data-variant='ghost'] {
    background: transparent;
    color: var(--color-text);
  }
  &[data-pending] {
    cursor: progress;
  }
`;

/** Background of each variant under the pointer. */
export const hoverLook = css`
  &[data-variant='primary'] {
    background: var(--color-primary-hover);
  }
  &[data-variant='secondary'] {
    background: var(--color-primary-soft);
  }
  &[data-variant='danger'] {
    background: var(--color-danger-hover);
  }
  &[data-variant='ghost'] {
    background: var(--color-primary-soft);
  }
`;

/** The spinner shown inside a pending button. */
export const PendingSpinner = styled.span`
  display: block;
  width: 1em;
  height: 1em;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: var(--radius-full);
  animation: ui-kit-button-spin 800ms linear infinite;

  @keyframes ui-kit-button-spin {
    to {
      transform: rotate(360deg);
    }
  }
`;
