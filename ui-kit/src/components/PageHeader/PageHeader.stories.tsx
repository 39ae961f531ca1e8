import type { Meta, StoryObj } from '@storybook/react-vite';
import { PageHeader } from './PageHeader';
import { Button } from '../Button/Button';

const meta = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  args: { title: '予約一覧' },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithDescription: Story = { args: { description: '渋谷院の本日以降のご予約です。' } };
export const WithActions: Story = {
  args: {
    description: '渋谷院の本日以降のご予約です。',
    actions: (
      <>
        <Button variant="secondary">CSV出力</Button>
        <Button>新規予約</Button>
      </>
    ),
  },
};
export const LongText: Story = {
  args: {
    title: '美容皮膚科メニューの料金とキャンセルポリシーの設定',
    description: '変更内容は翌日0時から全店舗のオンライン予約画面に反映されます。反映前に必ずプレビューで確認してください。',
  },
};
