import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './Badge';

const meta = {
  title: 'Content/Badge',
  component: Badge,
  args: { children: '予約済み' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = { args: { children: '非表示' } };
export const Primary: Story = { args: { tone: 'primary' } };
export const Success: Story = { args: { tone: 'success', children: '送信済み' } };
export const Warning: Story = { args: { tone: 'warning', children: '制限中' } };
export const Danger: Story = { args: { tone: 'danger', children: '送信失敗' } };
export const Info: Story = { args: { tone: 'info', children: '案内中' } };
/** Attributes side by side: the outlined variant. */
export const Outline: Story = {
  render: () => (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <Badge variant="outline">新規</Badge>
      <Badge variant="outline">16,500円</Badge>
      <Badge variant="outline" tone="success">
        有効
      </Badge>
      <Badge variant="outline" tone="warning">
        翻訳なし: 英語
      </Badge>
    </span>
  ),
};
