import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { TimeSlotButton, TimeSlotGroup } from './TimeSlotButton';

const times = ['10:00', '10:30', '11:00', '11:30', '13:00', '13:30', '14:00', '15:30', '16:00', '17:30'];

/** One day's free times, one chosen (the guest page's time step). */
function DayTimes() {
  const [chosen, setChosen] = useState('11:00');
  return (
    <TimeSlotGroup aria-label="12月3日(木)の空き時間">
      {times.map((time) => (
        <TimeSlotButton key={time} isSelected={time === chosen} onPress={() => setChosen(time)}>
          {time}
        </TimeSlotButton>
      ))}
    </TimeSlotGroup>
  );
}

const meta = {
  title: 'Components/TimeSlotButton',
  component: TimeSlotButton,
  args: { children: '10:30', isSelected: false, onPress: () => {} },
  decorators: [
    (Story) => (
      <div style={{ width: 96 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TimeSlotButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { isSelected: true } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Group: Story = {
  render: () => <DayTimes />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
};
/** At a phone's width: four a row. */
export const GroupOnPhone: Story = {
  render: () => <DayTimes />,
  decorators: [
    (Story) => (
      <div style={{ width: 343 }}>
        <Story />
      </div>
    ),
  ],
};
