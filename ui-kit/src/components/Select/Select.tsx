import { Option } from './Select.styles';
import { SelectField, type SelectFieldProps } from './SelectField';

export interface SelectItem {
  id: string;
  label: string;
}

export interface SelectProps<T extends SelectItem = SelectItem> extends SelectFieldProps {
  items: readonly T[];
}

/** Single-choice dropdown on react-aria Select; ids are strings in and out. */
export function Select<T extends SelectItem = SelectItem>({ items, ...field }: SelectProps<T>) {
  return (
    <SelectField {...field}>
      {items.map((item) => (
        <Option key={item.id} id={item.id} textValue={item.label}>
          {item.label}
        </Option>
      ))}
    </SelectField>
  );
}
