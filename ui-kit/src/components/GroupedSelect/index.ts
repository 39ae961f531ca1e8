export { GroupedSelect } from './GroupedSelect';
export type { GroupedSelectProps, GroupedSelectGroup, GroupedSelectItem } from './GroupedSelect';
