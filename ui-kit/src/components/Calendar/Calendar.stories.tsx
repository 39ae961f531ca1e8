import type { Meta, StoryObj } from '@storybook/react-vite';
import { Calendar } from './Calendar';

const meta = {
  title: 'Dates/Calendar',
  component: Calendar,
  args: { defaultValue: '2025-04-15', 'aria-label': '予約日' },
} satisfies Meta<typeof Calendar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithRange: Story = {
  args: { defaultValue: '2025-04-10', minValue: '2025-04-07', maxValue: '2025-04-30' },
};
export const ClosedOnWednesdays: Story = {
  args: {
    defaultValue: '2025-04-14',
    isDateUnavailable: (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 3,
  },
};
export const Disabled: Story = { args: { isDisabled: true } };
