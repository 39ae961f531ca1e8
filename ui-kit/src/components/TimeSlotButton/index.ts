export { TimeSlotButton, TimeSlotGroup } from './TimeSlotButton';
export type { TimeSlotButtonProps, TimeSlotGroupProps } from './TimeSlotButton';
