import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: '予約する', variant: 'primary', size: 'md' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'ghost'] },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: '戻る' } };
export const Danger: Story = { args: { variant: 'danger', children: '予約を取り消す' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'キャンセル' } };
export const Small: Story = { args: { size: 'sm', children: '詳細' } };
export const Disabled: Story = { args: { isDisabled: true, children: '予約する' } };
export const Pending: Story = { args: { isPending: true, children: '送信中…' } };
export const LongText: Story = {
  args: { children: '選択した日時で予約内容を確定してメールで通知する' },
};
export const AllVariants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button {...args} variant="primary">
        保存する
      </Button>
      <Button {...args} variant="secondary">
        戻る
      </Button>
      <Button {...args} variant="danger">
        削除する
      </Button>
      <Button {...args} variant="ghost">
        閉じる
      </Button>
    </div>
  ),
};
