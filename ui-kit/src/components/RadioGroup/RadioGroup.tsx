import { StyledRadio, StyledRadioGroup, Options } from './RadioGroup.styles';
import { FieldDescription, FieldErrorText } from '../shared/field.styles';
import { FieldLabelWithMark } from '../shared/FieldLabelWithMark';

export interface RadioOption {
  value: string;
  label: string;
  isDisabled?: boolean;
}

export interface RadioGroupProps {
  label: string;
  options: readonly RadioOption[];
  value?: string | null;
  defaultValue?: string;
  onChange?: (value: string) => void;
  isRequired?: boolean;
  isInvalid?: boolean;
  isDisabled?: boolean;
  errorMessage?: string;
  description?: string;
  name?: string;
  orientation?: 'vertical' | 'horizontal';
  requiredLabel?: string;
  className?: string;
}

/** Single choice among a few options (react-aria RadioGroup). */
export function RadioGroup({
  label,
  options,
  value,
  defaultValue,
  onChange,
  isRequired,
  isInvalid,
  isDisabled,
  errorMessage,
  description,
  name,
  orientation = 'vertical',
  requiredLabel = '必須',
  className,
}: RadioGroupProps) {
  const controlled = value !== undefined ? { value } : {};
  return (
    <StyledRadioGroup
      {...controlled}
      defaultValue={defaultValue}
      onChange={onChange}
      isRequired={isRequired}
      isInvalid={isInvalid || (errorMessage ? true : undefined)}
      isDisabled={isDisabled}
      name={name}
      orientation={orientation}
      validationBehavior="aria"
      className={className}
    >
      <FieldLabelWithMark label={label} isRequired={isRequired} requiredLabel={requiredLabel} />
      <Options className="ui-kit-radio-options">
        {options.map((o) => (
          <StyledRadio key={o.value} value={o.value} isDisabled={o.isDisabled}>
            {o.label}
          </StyledRadio>
        ))}
      </Options>
      {description && <FieldDescription slot="description">{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </StyledRadioGroup>
  );
}
