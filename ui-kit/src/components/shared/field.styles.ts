import styled from 'styled-components';
import { FieldError, Input, Label, Text } from 'react-aria-components';

/** Shared static styles for form fields (label, input, help and error text). */
export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;
`;

export const FieldLabel = styled(Label)`
  font-size: var(--font-size-sm);
  font-weight: 600;
  color: var(--color-text);
`;

export const RequiredMark = styled.span`
  margin-left: var(--space-1);
  color: var(--color-danger);
  font-size: var(--font-size-xs);
`;

export const FieldDescription = styled(Text)`
  font-size: var(--font-size-xs);
  color: var(--color-muted);
`;

export const FieldErrorText = styled(FieldError)`
  font-size: var(--font-size-xs);
  color: var(--color-danger);
  font-weight: 600;
`;

export const inputCss = `
  width: 100%;
  min-height: 44px;
  padding: var(--space-2) var(--space-3);
  font-size: var(--font-size-md);
  color: var(--color-text);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  outline: none;
  transition: border-color 120ms, box-shadow 120ms;

  &::placeholder {
    color: var(--color-muted);
  }

  &[data-hovered] {
    border-color: var(--color-muted);
  }

  &[data-focused] {
    border-color: var(--color-primary);
  }

  &[data-focus-visible] {
    box-shadow: var(--focus-ring);
  }

  &[data-invalid] {
    border-color: var(--color-danger);
    background: var(--color-danger-soft);
  }

  &[data-disabled] {
    background: var(--color-surface-alt);
    color: var(--color-muted);
    cursor: not-allowed;
  }
`;

export const FieldInput = styled(Input)`
  ${inputCss}
`;
