import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DayButton } from './DayButton';

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];
// 2026-12-01 is a Tuesday; the 6th and 13th (Sundays) are closed.
const days = Array.from({ length: 14 }, (_, i) => ({ day: i + 1, dayOfWeek: (i + 2) % 7, closed: (i + 2) % 7 === 0 }));

/** The day strip of the guest page: scrolls sideways in a narrow frame, closed days disabled. */
function DayStrip() {
  const [chosen, setChosen] = useState(3);
  return (
    <div role="group" aria-label="来院日" style={{ display: 'flex', gap: 8, overflowX: 'auto', padding: 2 }}>
      {days.map(({ day, dayOfWeek, closed }) => (
        <DayButton
          key={day}
          month="12/"
          day={day}
          weekday={`(${WEEKDAYS[dayOfWeek]})`}
          dayOfWeek={dayOfWeek}
          isSelected={day === chosen}
          isDisabled={closed}
          onPress={() => setChosen(day)}
        />
      ))}
    </div>
  );
}

const meta = {
  title: 'Components/DayButton',
  component: DayButton,
  args: { month: '12/', day: 3, weekday: '(木)', dayOfWeek: 4, isSelected: false, onPress: () => {} },
} satisfies Meta<typeof DayButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { isSelected: true } };
export const Saturday: Story = { args: { day: 5, weekday: '(土)', dayOfWeek: 6 } };
export const Sunday: Story = { args: { day: 6, weekday: '(日)', dayOfWeek: 0 } };
/** A day without free times. */
export const Disabled: Story = { args: { isDisabled: true } };
export const English: Story = { args: { month: '12/', day: 3, weekday: 'Thu' } };
export const Strip: Story = {
  render: () => <DayStrip />,
  decorators: [
    (Story) => (
      <div style={{ width: 343 }}>
        <Story />
      </div>
    ),
  ],
};
