import styled from 'styled-components';
import { Button as RACButton, Group } from 'react-aria-components';
import { inputCss } from '../shared/field.styles';

export const InputGroup = styled(Group)`
  position: relative;
  display: flex;
  align-items: stretch;

  & input {
    ${inputCss}
    padding-right: 52px;
  }
`;

export const ToggleButton = styled(RACButton)`
  position: absolute;
  top: 0;
  right: 0;
  bottom: 0;
  width: 48px;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  padding: 0;
  border: none;
  border-radius: 0 var(--radius-md) var(--radius-md) 0;
  background: transparent;
  color: var(--color-muted);
  cursor: pointer;
  outline: none;

  &[data-hovered] {
    color: var(--color-primary);
  }

  &[data-pressed] {
    background: var(--color-primary-soft);
  }

  &[data-focus-visible] {
    box-shadow: inset 0 0 0 2px var(--color-focus);
  }

  & svg {
    width: 22px;
    height: 22px;
  }
`;
