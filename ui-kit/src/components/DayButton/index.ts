export { DayButton } from './DayButton';
export type { DayButtonProps } from './DayButton';
