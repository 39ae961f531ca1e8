import { Value } from '../Select/Select.styles';
import { SelectField, type SelectFieldProps } from '../Select/SelectField';
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

export interface GroupedSelectProps extends SelectFieldProps {
  groups: readonly GroupedSelectGroup[];
}

/**
 * Single-choice dropdown whose options come in headed groups, each option with an optional
 * one-line description (react-aria Select with ListBox sections); ids are strings in and out.
 */
export function GroupedSelect({ groups, ...field }: GroupedSelectProps) {
  return (
    <SelectField
      {...field}
      // The closed field shows the label only, not the option's description.
      value={<Value>{({ isPlaceholder, selectedText, defaultChildren }) => (isPlaceholder ? defaultChildren : selectedText)}</Value>}
    >
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
    </SelectField>
  );
}
