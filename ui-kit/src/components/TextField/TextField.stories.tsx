import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextField } from './TextField';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: 'お名前', placeholder: '山田 花子' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithDescription: Story = {
  args: {
    label: 'メールアドレス',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'hanako@example.jp',
    description: '予約確認のメールをお送りします。',
  },
};
export const Required: Story = { args: { label: '電話番号', type: 'tel', inputMode: 'tel', isRequired: true } };
export const Invalid: Story = {
  args: {
    label: 'お名前（カナ）',
    defaultValue: 'yamada',
    isRequired: true,
    isInvalid: true,
    errorMessage: '全ての項目に正しく値を入力してください。',
  },
};
export const Disabled: Story = { args: { label: '会員番号', defaultValue: 'A-000123', isDisabled: true } };
export const LongText: Story = {
  args: {
    label: 'ご来院にあたってスタッフに伝えておきたいこと（アレルギー・既往歴・服用中のお薬など）',
    defaultValue: '金属アレルギーがあります。以前の施術で赤みが出たことがあるので、パッチテストを希望します。',
    description: '施術の安全のため、できるだけ詳しくご記入ください。医師が事前に確認いたします。',
  },
};
