import styled from 'styled-components';
import { mediaMd } from '../../tokens/tokens';

export const Region = styled.div`
  position: fixed;
  z-index: 200;
  left: var(--space-3);
  right: var(--space-3);
  bottom: var(--space-3);
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  pointer-events: none;

  ${mediaMd} {
    left: auto;
    top: var(--space-4);
    right: var(--space-4);
    bottom: auto;
    width: 380px;
  }
`;

export const Item = styled.div`
  display: flex;
  align-items: flex-start;
  gap: var(--space-2);
  padding: var(--space-3) var(--space-2) var(--space-3) var(--space-4);
  border: 1px solid var(--color-border);
  border-left-width: 6px;
  border-radius: var(--radius-md);
  background: var(--color-surface);
  box-shadow: var(--shadow-md);
  pointer-events: auto;
  animation: ui-kit-message-in 160ms ease-out;

  &[data-tone='success'] {
    border-left-color: var(--color-success);
    background: var(--color-success-soft);
  }
  &[data-tone='error'] {
    border-left-color: var(--color-danger);
    background: var(--color-danger-soft);
  }
  &[data-tone='warning'] {
    border-left-color: var(--color-warning);
    background: var(--color-warning-soft);
  }
  &[data-tone='info'] {
    border-left-color: var(--color-info);
    background: var(--color-info-soft);
  }

  @keyframes ui-kit-message-in {
    from {
      opacity: 0;
      transform: translateY(-4px);
    }
  }
`;

export const Text = styled.p`
  flex: 1;
  margin: 0;
  padding-top: 2px;
  font-size: var(--font-size-sm);
  line-height: 1.7;
`;

/*
 * A native <button>, not react-aria's: the message area is mounted above the router on every
 * page, and the guest booking page must load without react-aria (docs/benchmarks.md).
 */
export const DismissButton = styled.button.attrs({ type: 'button' })`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  padding: 0;
  border: none;
  border-radius: var(--radius-sm);
  background: transparent;
  color: var(--color-text);
  cursor: pointer;
  outline: none;

  &[data-hovered] {
    background: rgba(0, 0, 0, 0.06);
  }

  &[data-pressed] {
    background: rgba(0, 0, 0, 0.12);
  }

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
  }

  & svg {
    width: 18px;
    height: 18px;
  }
`;
