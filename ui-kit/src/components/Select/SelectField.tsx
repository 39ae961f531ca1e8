import type { ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { StyledListBox, StyledPopover, StyledSelect, Trigger, Value } from './Select.styles';
import { FieldDescription, FieldErrorText } from '../shared/field.styles';
import { FieldLabelWithMark } from '../shared/FieldLabelWithMark';

/** What every single-choice dropdown of the kit takes, whatever its list looks like. */
export interface SelectFieldProps {
  label: string;
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

/**
 * The field around a react-aria Select — label, trigger, description, error and popover — shared
 * by `Select` (plain options) and `GroupedSelect` (headed groups). `value` renders the closed
 * field (react-aria's default when absent); `children` are the list's options or sections.
 */
export function SelectField({
  label,
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
  value,
  children,
}: SelectFieldProps & { value?: ReactNode; children: ReactNode }) {
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
      <FieldLabelWithMark label={label} isRequired={isRequired} requiredLabel={requiredLabel} />
      <Trigger>
        {value ?? <Value />}
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M5 8l5 5 5-5" />
        </svg>
      </Trigger>
      {description && <FieldDescription slot="description">{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <StyledPopover>
        <StyledListBox>{children}</StyledListBox>
      </StyledPopover>
    </StyledSelect>
  );
}
