import type { HTMLInputAutoCompleteAttribute, HTMLAttributes } from 'react';
import { StyledTextField } from './TextField.styles';
import { FieldDescription, FieldErrorText, FieldInput } from '../shared/field.styles';
import { FieldLabelWithMark } from '../shared/FieldLabelWithMark';

export type TextFieldType = 'text' | 'email' | 'tel' | 'url' | 'search' | 'password';

export interface TextFieldProps {
  label: string;
  name?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  type?: TextFieldType;
  isRequired?: boolean;
  isInvalid?: boolean;
  isDisabled?: boolean;
  errorMessage?: string;
  description?: string;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  /** Visible marker next to the label of a required field. */
  requiredLabel?: string;
  maxLength?: number;
  autoFocus?: boolean;
  onBlur?: () => void;
  className?: string;
}

/** Labelled text input on react-aria TextField; `errorMessage` shows when `isInvalid`. */
export function TextField({
  label,
  type = 'text',
  isRequired,
  isInvalid,
  errorMessage,
  description,
  inputMode,
  placeholder,
  requiredLabel = '必須',
  className,
  onBlur,
  ...rest
}: TextFieldProps) {
  return (
    <StyledTextField
      {...rest}
      type={type}
      isRequired={isRequired}
      isInvalid={isInvalid}
      validationBehavior="aria"
      className={className}
      onBlur={onBlur ? () => onBlur() : undefined}
    >
      <FieldLabelWithMark label={label} isRequired={isRequired} requiredLabel={requiredLabel} />
      <FieldInput inputMode={inputMode} placeholder={placeholder} />
      {description && <FieldDescription slot="description">{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </StyledTextField>
  );
}
