import styled from 'styled-components';

/*
 * A plain element with role="progressbar" rather than react-aria's ProgressBar: an indeterminate
 * spinner has no value to manage, and the guest booking page (docs/benchmarks.md) must load
 * without react-aria.
 */
export const SpinnerRoot = styled.div`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  color: var(--color-primary);

  &[data-placement='block'] {
    display: flex;
    justify-content: center;
    padding: var(--space-6) var(--space-3);
  }

  &[data-size='lg'] svg {
    width: 40px;
    height: 40px;
  }
`;

export const Ring = styled.svg`
  width: 24px;
  height: 24px;
  animation: ui-kit-spinner 900ms linear infinite;

  @keyframes ui-kit-spinner {
    to {
      transform: rotate(360deg);
    }
  }
`;

export const Caption = styled.span`
  font-size: var(--font-size-sm);
  color: var(--color-muted);
`;
