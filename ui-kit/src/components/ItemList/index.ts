export { ItemList } from './ItemList';
export type { ItemListProps } from './ItemList';
