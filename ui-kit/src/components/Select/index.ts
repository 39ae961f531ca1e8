export { Select } from './Select';
export type { SelectProps, SelectItem } from './Select';
