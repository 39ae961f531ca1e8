import type { ReactNode } from 'react';
import { StyledCheckbox } from './Checkbox.styles';

export interface CheckboxProps {
  children: ReactNode;
  isSelected?: boolean;
  defaultSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
  name?: string;
  value?: string;
  isDisabled?: boolean;
  isInvalid?: boolean;
  isRequired?: boolean;
  className?: string;
}

/** Checkbox with its label as children (react-aria Checkbox). */
export function Checkbox({ children, isInvalid, isRequired, ...rest }: CheckboxProps) {
  return (
    <StyledCheckbox {...rest} isInvalid={isInvalid} isRequired={isRequired} validationBehavior="aria">
      <span className="ui-kit-checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M3 8.5l3.2 3L13 4.5" />
        </svg>
      </span>
      <span>{children}</span>
    </StyledCheckbox>
  );
}
