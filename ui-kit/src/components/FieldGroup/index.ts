export { FieldGroup } from './FieldGroup';
export type { FieldGroupProps } from './FieldGroup';
