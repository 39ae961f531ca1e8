import { css } from 'styled-components';

/**
 * What the kit's choice buttons share (`ChoiceCard`, `TimeSlotButton`, `DayButton`): native
 * `<button aria-pressed>` on the surface, a focus ring, and the native disabled state. Kept
 * apart from react-aria (like `button-look.ts`): the guest booking page uses them and loads no
 * react-aria (docs/benchmarks.md).
 */
export const choiceLook = css`
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  color: var(--color-text);
  font: inherit;
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;

  &:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
  }
  &:disabled {
    background: var(--color-surface-alt);
    color: var(--color-muted);
    cursor: not-allowed;
  }
`;
