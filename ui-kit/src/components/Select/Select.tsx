import type { Key } from 'react-aria-components';
import {
  Option,
  StyledListBox,
  StyledPopover,
  StyledSelect,
  Trigger,
  Value,
} from './Select.styles';
import { FieldDescription, FieldErrorText, FieldLabel, RequiredMark } from '../shared/field.styles';

export interface SelectItem {
  id: string;
  label: string;
}

export interface SelectProps<T extends SelectItem = SelectItem> {
  label: string;
  items: readonly T[];
  selectedKey?: string | null;
  defaultSelectedKey?: string | null;
  onSelectionChange?: (id: string) => void;
  placeholder?: string;
  isRequired?: boolean;
  isInvalid?: boolean;
  isDisabled?: boolean;
  errorMessage?: string;
  description?: string;
  name?: string;
  requiredLabel?: string;
  className?: string;
}

/** Single-choice dropdown on react-aria Select; ids are strings in and out. */
export function Select<T extends SelectItem = SelectItem>({
  label,
  items,
  selectedKey,
  defaultSelectedKey,
  onSelectionChange,
  placeholder = '選択してください',
  isRequired,
  isInvalid,
  isDisabled,
  errorMessage,
  description,
  name,
  requiredLabel = '必須',
  className,
}: SelectProps<T>) {
  const controlled = selectedKey !== undefined ? { value: selectedKey } : {};
  return (
    <StyledSelect
      {...controlled}
      defaultValue={defaultSelectedKey ?? undefined}
      onChange={(key: Key | Key[] | null) => {
        if (key !== null && !Array.isArray(key)) onSelectionChange?.(String(key));
      }}
      placeholder={placeholder}
      isRequired={isRequired}
      isInvalid={isInvalid}
      isDisabled={isDisabled}
      name={name}
      validationBehavior="aria"
      className={className}
    >
      <FieldLabel>
        {label}
        {isRequired && <RequiredMark aria-hidden="true">{requiredLabel}</RequiredMark>}
      </FieldLabel>
      <Trigger>
        <Value />
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M5 8l5 5 5-5" />
        </svg>
      </Trigger>
      {description && <FieldDescription slot="description">{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <StyledPopover>
        <StyledListBox>
          {items.map((item) => (
            <Option key={item.id} id={item.id} textValue={item.label}>
              {item.label}
            </Option>
          ))}
        </StyledListBox>
      </StyledPopover>
    </StyledSelect>
  );
}
