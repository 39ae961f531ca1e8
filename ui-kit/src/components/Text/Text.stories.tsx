import type { Meta, StoryObj } from '@storybook/react-vite';
import { Text } from './Text';

const meta = {
  title: 'Content/Text',
  component: Text,
  args: { children: '変更内容は翌日0時から反映されます。' },
} satisfies Meta<typeof Text>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** A note or a meta line: muted and small. */
export const MutedNote: Story = { args: { tone: 'muted', size: 'sm' } };
/** A field's reason under it. */
export const Reason: Story = { args: { tone: 'danger', size: 'xs', weight: 'semibold', children: '終了は開始より後の時刻にしてください。' } };
export const Warning: Story = { args: { tone: 'warning', weight: 'semibold', children: '2段階認証の設定期限が近づいています。' } };
export const Success: Story = { args: { tone: 'success', weight: 'bold', children: '12件の勤務予定を登録しました。' } };
export const InlineSpan: Story = { args: { as: 'span', tone: 'muted', children: '理由なし' } };
/** An announcement's body: its line breaks kept. */
export const PreservedLineBreaks: Story = {
  args: { preserveLineBreaks: true, children: '年末年始の診療時間のお知らせです。\n12月29日〜1月3日は休診いたします。\nご不便をおかけします。' },
};
