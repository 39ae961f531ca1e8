import type { Meta, StoryObj } from '@storybook/react-vite';
import { RadioGroup } from './RadioGroup';

const visits = [
  { value: 'first', label: '初めて' },
  { value: 'repeat', label: '2回目以降' },
];

const meta = {
  title: 'Forms/RadioGroup',
  component: RadioGroup,
  args: { label: 'ご来院は', options: visits },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { defaultValue: 'repeat' } };
export const Horizontal: Story = { args: { orientation: 'horizontal', defaultValue: 'first' } };
export const Invalid: Story = {
  args: { isRequired: true, errorMessage: '全ての項目に正しく値を入力してください。' },
};
export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'first' } };
export const WithDisabledOption: Story = {
  args: {
    label: '施術者の指名',
    options: [
      { value: 'none', label: '指名なし' },
      { value: 'sato', label: '佐藤（看護師）' },
      { value: 'suzuki', label: '鈴木（医師）・本日は満席', isDisabled: true },
    ],
    defaultValue: 'none',
  },
};
