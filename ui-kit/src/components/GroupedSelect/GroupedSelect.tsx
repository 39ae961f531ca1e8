import type { Key } from 'react-aria-components';
import { StyledListBox, StyledPopover, StyledSelect, Trigger, Value } from '../Select/Select.styles';
import { FieldDescription, FieldErrorText, FieldLabel, RequiredMark } from '../shared/field.styles';
import { GroupedOption, OptionDescription, OptionLabel, Section, SectionHeader } from './GroupedSelect.styles';

export interface GroupedSelectItem {
  id: string;
  label: string;
  /** One line under the label in the list (not in the closed field). */
  description?: string;
}

export interface GroupedSelectGroup {
  id: string;
  /** The heading of the group in the list. */
  label: string;
  items: readonly GroupedSelectItem[];
}

export interface GroupedSelectProps {
  label: string;
  groups: readonly GroupedSelectGroup[];
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
 * Single-choice dropdown whose options come in headed groups, each option with an optional
 * one-line description (react-aria Select with ListBox sections); ids are strings in and out.
 */
export function GroupedSelect({
  label,
  groups,
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
}: GroupedSelectProps) {
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
        {/* The closed field shows the label only, not the option's description. */}
        <Value>{({ isPlaceholder, selectedText, defaultChildren }) => (isPlaceholder ? defaultChildren : selectedText)}</Value>
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M5 8l5 5 5-5" />
        </svg>
      </Trigger>
      {description && <FieldDescription slot="description">{description}</FieldDescription>}
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <StyledPopover>
        <StyledListBox>
          {groups.map((group) => (
            <Section key={group.id} id={group.id}>
              <SectionHeader>{group.label}</SectionHeader>
              {group.items.map((item) => (
                <GroupedOption key={item.id} id={item.id} textValue={item.label}>
                  <OptionLabel slot="label">{item.label}</OptionLabel>
                  {item.description && <OptionDescription slot="description">{item.description}</OptionDescription>}
                </GroupedOption>
              ))}
            </Section>
          ))}
        </StyledListBox>
      </StyledPopover>
    </StyledSelect>
  );
}
