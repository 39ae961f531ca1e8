import styled from 'styled-components';
import {
  Button as RACButton,
  Calendar as RACCalendar,
  DateInput,
  DatePicker as RACDatePicker,
  DateSegment,
  Dialog as RACDialog,
  Group,
  Popover,
} from 'react-aria-components';

export const StyledDatePicker = styled(RACDatePicker)`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;
`;

export const FieldGroup = styled(Group)`
  display: flex;
  align-items: center;
  width: 100%;
  max-width: 280px;
  min-height: 44px;
  padding-left: var(--space-3);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);

  &[data-hovered] {
    border-color: var(--color-muted);
  }

  &[data-focus-within] {
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
  }
`;

export const Input = styled(DateInput)`
  display: flex;
  flex: 1;
  font-variant-numeric: tabular-nums;
`;

export const Segment = styled(DateSegment)`
  padding: 0 1px;
  border-radius: var(--radius-sm);
  outline: none;

  &[data-placeholder] {
    color: var(--color-muted);
  }

  &[data-type='literal'] {
    color: var(--color-muted);
  }

  &[data-focused] {
    background: var(--color-primary);
    color: var(--color-on-primary);
  }

  &[data-invalid]:not([data-focused]) {
    color: var(--color-danger);
  }
`;

export const OpenButton = styled(RACButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 42px;
  padding: 0;
  border: none;
  border-left: 1px solid var(--color-border);
  border-radius: 0 var(--radius-md) var(--radius-md) 0;
  background: transparent;
  color: var(--color-primary);
  cursor: pointer;
  outline: none;

  &[data-hovered] {
    background: var(--color-primary-soft);
  }

  &[data-pressed] {
    background: var(--color-border);
  }

  &[data-focus-visible] {
    box-shadow: inset 0 0 0 2px var(--color-focus);
  }

  & svg {
    width: 20px;
    height: 20px;
  }
`;

export const StyledPopover = styled(Popover)`
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  box-shadow: var(--shadow-md);
`;

export const PopoverDialog = styled(RACDialog)`
  outline: none;
`;

export const PopoverCalendar = styled(RACCalendar)`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  padding: var(--space-3);
`;
