import type { Meta, StoryObj } from '@storybook/react-vite';
import { Container } from './Container';
import { Card } from '../Card/Card';

const meta = {
  title: 'Layout/Container',
  component: Container,
  args: {
    paddingTop: 5,
    paddingBottom: 7,
    children: <Card title="契約／ご予約の確認">ご予約の一覧です。</Card>,
  },
  decorators: [
    (Story) => (
      <div style={{ background: 'var(--color-surface-alt)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Container>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Wide: Story = {};
export const Medium: Story = { args: { width: 'medium' } };
/** A login form's column. */
export const Narrow: Story = { args: { width: 'narrow', children: <Card title="会員ログイン">診察券番号とパスワードを入力してください。</Card> } };
