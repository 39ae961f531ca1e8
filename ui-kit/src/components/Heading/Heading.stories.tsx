import type { Meta, StoryObj } from '@storybook/react-vite';
import { Heading } from './Heading';

const meta = {
  title: 'Content/Heading',
  component: Heading,
  args: { level: 2, children: '今後のご予約' },
} satisfies Meta<typeof Heading>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Level2: Story = {};
export const Level3: Story = { args: { level: 3, children: '勤務予定' } };
/** A group's title inside a list: small and muted, the outline unchanged. */
export const MutedSmall: Story = { args: { level: 3, size: 'sm', tone: 'muted', children: '美容皮膚科' } };
export const LongText: Story = {
  args: { level: 2, children: '美容皮膚科メニューの料金とキャンセルポリシーの設定（全店舗共通・翌日0時から反映）' },
};
