import styled from 'styled-components';
import { Checkbox as RACCheckbox } from 'react-aria-components';

export const StyledCheckbox = styled(RACCheckbox)`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  min-height: 44px;
  font-size: var(--font-size-md);
  color: var(--color-text);
  cursor: pointer;

  & .ui-kit-checkbox-box {
    flex: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 22px;
    height: 22px;
    border: 2px solid var(--color-muted);
    border-radius: var(--radius-sm);
    background: var(--color-surface);
    color: var(--color-on-primary);
    transition:
      background-color 120ms,
      border-color 120ms;
  }

  & svg {
    width: 16px;
    height: 16px;
    visibility: hidden;
  }

  &[data-hovered] .ui-kit-checkbox-box {
    border-color: var(--color-primary);
  }

  &[data-selected] .ui-kit-checkbox-box {
    background: var(--color-primary);
    border-color: var(--color-primary);
  }

  &[data-selected] svg {
    visibility: visible;
  }

  &[data-pressed] .ui-kit-checkbox-box {
    transform: scale(0.94);
  }

  &[data-focus-visible] .ui-kit-checkbox-box {
    box-shadow: var(--focus-ring);
  }

  &[data-invalid] .ui-kit-checkbox-box {
    border-color: var(--color-danger);
  }

  &[data-disabled] {
    cursor: not-allowed;
    color: var(--color-muted);
  }

  &[data-disabled] .ui-kit-checkbox-box {
    opacity: 0.5;
  }
`;
