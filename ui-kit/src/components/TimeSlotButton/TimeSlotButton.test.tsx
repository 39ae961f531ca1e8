import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimeSlotButton, TimeSlotGroup } from './TimeSlotButton';

describe('TimeSlotButton', () => {
  it('a time is chosen with a press; the group is named when given a label', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <TimeSlotGroup aria-label="12月3日(木)の空き時間">
        <TimeSlotButton isSelected={false} onPress={onPress}>
          10:30
        </TimeSlotButton>
        <TimeSlotButton isSelected>11:00</TimeSlotButton>
      </TimeSlotGroup>,
    );
    await user.click(screen.getByRole('button', { name: '10:30', pressed: false }));
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('group', { name: '12月3日(木)の空き時間' })).toContainElement(screen.getByRole('button', { name: '11:00', pressed: true }));
  });
});
