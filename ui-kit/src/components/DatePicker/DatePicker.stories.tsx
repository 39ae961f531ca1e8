import type { Meta, StoryObj } from '@storybook/react-vite';
import { DatePicker } from './DatePicker';

const meta = {
  title: 'Dates/DatePicker',
  component: DatePicker,
  args: { label: '予約日' },
} satisfies Meta<typeof DatePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: '2025-04-15', description: '当日の予約は電話でお願いします。' } };
export const Required: Story = { args: { isRequired: true, minValue: '2025-04-01', maxValue: '2025-06-30' } };
export const Invalid: Story = {
  args: {
    label: '生年月日',
    defaultValue: '2030-01-01',
    isRequired: true,
    isInvalid: true,
    errorMessage: '全ての項目に正しく値を入力してください。',
  },
};
export const Disabled: Story = { args: { defaultValue: '2025-04-15', isDisabled: true } };
export const Open: Story = { args: { defaultValue: '2025-04-15', isOpen: true } };
