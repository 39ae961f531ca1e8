import type { Meta, StoryObj } from '@storybook/react-vite';
import { CheckboxGroup } from './CheckboxGroup';

const history = [
  { value: 'asthma', label: 'ぜんそく' },
  { value: 'atopy', label: 'アトピー性皮膚炎' },
  { value: 'keloid', label: 'ケロイド体質' },
  { value: 'none', label: '特になし' },
];

const meta = {
  title: 'Forms/CheckboxGroup',
  component: CheckboxGroup,
  args: { label: '当てはまるものをすべて選んでください', options: history },
} satisfies Meta<typeof CheckboxGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { defaultValue: ['asthma', 'keloid'] } };
export const Required: Story = { args: { isRequired: true, description: '複数選べます。' } };
export const Invalid: Story = { args: { isRequired: true, errorMessage: '全ての項目に正しく値を入力してください。' } };
export const Disabled: Story = { args: { isDisabled: true, defaultValue: ['none'] } };
