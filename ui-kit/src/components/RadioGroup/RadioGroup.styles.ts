import styled from 'styled-components';
import { Radio as RACRadio, RadioGroup as RACRadioGroup } from 'react-aria-components';

export const StyledRadioGroup = styled(RACRadioGroup)`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);

  &[data-orientation='horizontal'] .ui-kit-radio-options {
    flex-direction: row;
    flex-wrap: wrap;
    gap: var(--space-4);
  }
`;

export const Options = styled.div`
  display: flex;
  flex-direction: column;
`;

export const StyledRadio = styled(RACRadio)`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  min-height: 44px;
  color: var(--color-text);
  cursor: pointer;

  &::before {
    content: '';
    flex: none;
    width: 22px;
    height: 22px;
    border: 2px solid var(--color-muted);
    border-radius: var(--radius-full);
    background: var(--color-surface);
    transition:
      border-width 120ms,
      border-color 120ms;
  }

  &[data-hovered]::before {
    border-color: var(--color-primary);
  }

  &[data-selected]::before {
    border: 7px solid var(--color-primary);
  }

  &[data-pressed]::before {
    transform: scale(0.94);
  }

  &[data-focus-visible]::before {
    box-shadow: var(--focus-ring);
  }

  &[data-invalid]::before {
    border-color: var(--color-danger);
  }

  &[data-disabled] {
    cursor: not-allowed;
    color: var(--color-muted);
  }
`;
