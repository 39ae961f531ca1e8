import { TimeSlotButton, TimeSlotGroup } from '@clinic/ui-kit';
import { tokyoTime, type Slot } from './booking-time';

export interface SlotTimesProps {
  /** One day's free times, in order. */
  slots: readonly Slot[];
  chosen: Slot | null;
  onChoose: (slot: Slot) => void;
  /** Names the times as a group (the member page: `12月3日(木)の空き時間`). */
  'aria-label'?: string;
  'data-testid'?: string;
}

/** The free times of a day as the ui-kit's time buttons, `HH:mm` in Tokyo, the chosen one pressed. */
export function SlotTimes({ slots, chosen, onChoose, 'aria-label': label, 'data-testid': testId }: SlotTimesProps) {
  return (
    <TimeSlotGroup aria-label={label} data-testid={testId}>
      {slots.map((slot) => (
        <TimeSlotButton key={slot.startsAt} isSelected={slot.startsAt === chosen?.startsAt} onPress={() => onChoose(slot)}>
          {tokyoTime(slot.startsAt)}
        </TimeSlotButton>
      ))}
    </TimeSlotGroup>
  );
}
