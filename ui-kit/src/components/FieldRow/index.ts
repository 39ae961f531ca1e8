export { FieldRow } from './FieldRow';
export type { FieldRowProps } from './FieldRow';
