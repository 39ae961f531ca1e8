import type { Meta, StoryObj } from '@storybook/react-vite';
import { GroupedSelect } from './GroupedSelect';

const groups = [
  {
    id: 'visits',
    label: '来院',
    items: [
      { id: 'visit-number', label: '来院数', description: '日ごとの来院数（会員・ゲストの合計）' },
      { id: 'visit-user-number', label: '会員の来院数', description: '日ごとの会員の来院数' },
    ],
  },
  {
    id: 'cancels',
    label: 'キャンセル',
    items: [{ id: 'cancel-number', label: 'キャンセル数', description: '日ごとのキャンセルと無断キャンセルの数' }],
  },
  {
    id: 'uptime',
    label: '稼働率',
    items: [{ id: 'staff-uptime', label: 'スタッフ稼働率', description: 'スタッフごとの予約時間÷勤務時間' }],
  },
];

const meta = {
  title: 'Forms/GroupedSelect',
  component: GroupedSelect,
  args: { label: 'レポート', groups },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof GroupedSelect>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { selectedKey: 'cancel-number', description: '日ごとのキャンセルと無断キャンセルの数' } };
export const Invalid: Story = {
  args: { isRequired: true, isInvalid: true, errorMessage: '全ての項目に正しく値を入力してください。' },
};
export const Disabled: Story = { args: { isDisabled: true, selectedKey: 'visit-number' } };
export const LongText: Story = {
  args: {
    groups: [
      {
        id: 'long',
        label: 'メニュー・カテゴリ',
        items: [
          {
            id: 'a',
            label: 'スタッフ×メニュー別の稼働率（予約の入っていた時間÷勤務予定の時間）',
            description: 'スタッフとメニューの組み合わせごとに、担当した予約の時間が勤務時間に占める割合',
          },
        ],
      },
    ],
    selectedKey: 'a',
  },
};
