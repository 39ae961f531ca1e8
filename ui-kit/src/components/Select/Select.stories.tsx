import type { Meta, StoryObj } from '@storybook/react-vite';
import { Select } from './Select';

const clinics = [
  { id: 'shibuya', label: '渋谷院' },
  { id: 'shinjuku', label: '新宿院' },
  { id: 'umeda', label: '梅田院' },
  { id: 'tenjin', label: '福岡天神院' },
];

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { label: '店舗', items: clinics },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { selectedKey: 'umeda' } };
export const Required: Story = { args: { isRequired: true, description: 'ご来院予定の店舗を選んでください。' } };
export const Invalid: Story = {
  args: { isRequired: true, isInvalid: true, errorMessage: '全ての項目に正しく値を入力してください。' },
};
export const Disabled: Story = { args: { isDisabled: true, selectedKey: 'shibuya' } };
export const LongText: Story = {
  args: {
    label: 'メニュー',
    items: [
      { id: 'a', label: 'ハイドラフェイシャル（毛穴洗浄・保湿・ビタミン導入を含む60分コース）' },
      { id: 'b', label: '医療レーザー脱毛（全身・顔・VIOを含む5回コース）' },
    ],
    selectedKey: 'a',
  },
};
