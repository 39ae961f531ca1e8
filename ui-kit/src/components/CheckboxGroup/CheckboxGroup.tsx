import { StyledCheckbox } from '../Checkbox/Checkbox.styles';
import { FieldDescription, FieldErrorText } from '../shared/field.styles';
import { FieldLabelWithMark } from '../shared/FieldLabelWithMark';
import { Options, StyledCheckboxGroup } from './CheckboxGroup.styles';

export interface CheckboxGroupOption {
  value: string;
  label: string;
  isDisabled?: boolean;
}

export interface CheckboxGroupProps {
  label: string;
  options: readonly CheckboxGroupOption[];
  /** The ticked values (controlled). */
  value?: readonly string[];
  defaultValue?: readonly string[];
  onChange?: (value: string[]) => void;
  isRequired?: boolean;
  isInvalid?: boolean;
  isDisabled?: boolean;
  /** Its presence marks the group invalid. */
  errorMessage?: string;
  description?: string;
  name?: string;
  requiredLabel?: string;
  className?: string;
}

/** Several choices under one label (react-aria CheckboxGroup): 既往歴, 服用中のお薬… */
export function CheckboxGroup({
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
  requiredLabel = '必須',
  className,
}: CheckboxGroupProps) {
  const controlled = value !== undefined ? { value: [...value] } : {};
  return (
    <StyledCheckboxGroup
      {...controlled}
      defaultValue={defaultValue ? [...defaultValue] : undefined}
      onChange={onChange}
      isRequired={isRequired}
      isInvalid={isInvalid || (errorMessage ? true : undefined)}
      isDisabled={isDisabled}
      name={name}
      validationBehavior="aria"
      className={className}
    >
      <FieldLabelWithMark label={label} isRequired={isRequired} requiredLabel={requiredLabel} />
      <Options>
        {options.map((o) => (
          <StyledCheckbox key={o.value} value={o.value} isDisabled={o.isDisabled}>
            <span className="ui-kit-checkbox-box" aria-hidden="true">
              <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M3 8.5l3.2 3L13 4.5" />
              </svg>
            </span>
            <span>{o.label}</span>
          </StyledCheckbox>
        ))}
      </Options>
      {description && <FieldDescription slot="description">{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </StyledCheckboxGroup>
  );
}
