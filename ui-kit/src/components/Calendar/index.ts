export { Calendar } from './Calendar';
export type { CalendarProps } from './Calendar';
