import { useState } from 'react';
import { Input } from 'react-aria-components';
import { InputGroup, ToggleButton } from './PasswordField.styles';
import { StyledTextField } from '../TextField/TextField.styles';
import type { TextFieldProps } from '../TextField/TextField';
import { FieldDescription, FieldErrorText } from '../shared/field.styles';
import { FieldLabelWithMark } from '../shared/FieldLabelWithMark';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'inputMode'> {
  /** Accessible name of the toggle while the password is hidden. */
  showLabel?: string;
  /** Accessible name of the toggle while the password is shown. */
  hideLabel?: string;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

/** Password input with a show/hide toggle. */
export function PasswordField({
  label,
  isRequired,
  isInvalid,
  errorMessage,
  description,
  placeholder,
  requiredLabel = '必須',
  showLabel = 'パスワードを表示',
  hideLabel = 'パスワードを隠す',
  autoComplete = 'current-password',
  className,
  onBlur,
  ...rest
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <StyledTextField
      {...rest}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      isRequired={isRequired}
      isInvalid={isInvalid}
      validationBehavior="aria"
      className={className}
      onBlur={onBlur ? () => onBlur() : undefined}
    >
      <FieldLabelWithMark label={label} isRequired={isRequired} requiredLabel={requiredLabel} />
      <InputGroup>
        <Input placeholder={placeholder} spellCheck={false} autoCapitalize="off" />
        <ToggleButton aria-label={visible ? hideLabel : showLabel} onPress={() => setVisible((v) => !v)}>
          <EyeIcon crossed={visible} />
        </ToggleButton>
      </InputGroup>
      {description && <FieldDescription slot="description">{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </StyledTextField>
  );
}
