import type { Meta, StoryObj } from '@storybook/react-vite';
import { Callout } from './Callout';

const meta = {
  title: 'Feedback/Callout',
  component: Callout,
  args: { role: 'alert', children: '全ての項目に正しく値を入力してください。' },
} satisfies Meta<typeof Callout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Danger: Story = {};
export const Small: Story = { args: { size: 'sm', as: 'p' } };
/** Several paragraphs, a link in the text's colour. */
export const WithLink: Story = {
  args: {
    children: (
      <>
        <p>キャンセル期限を過ぎているため、Webでは取り消せません。</p>
        <p>
          <a href="tel:0312345678">お電話（03-1234-5678）でご連絡ください。</a>
        </p>
      </>
    ),
  },
};
export const Success: Story = { args: { tone: 'success', role: 'status', children: 'キャンセル待ちに登録しました。' } };
export const Warning: Story = { args: { tone: 'warning', role: undefined, children: '2段階認証の設定期限は12月2日です。' } };
export const Info: Story = { args: { tone: 'info', role: undefined, children: '予約の変更は前日18時まで受け付けています。' } };
