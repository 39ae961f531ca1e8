export { FactList } from './FactList';
export type { FactListProps } from './FactList';
