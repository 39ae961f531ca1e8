import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: { label: 'パスワード', autoComplete: 'current-password' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: 'clinic-2025', isRequired: true } };
export const NewPassword: Story = {
  args: {
    label: '新しいパスワード',
    autoComplete: 'new-password',
    description: '12文字以上で、英字と数字を含めてください。',
  },
};
export const Invalid: Story = {
  args: {
    defaultValue: 'abc',
    isRequired: true,
    isInvalid: true,
    errorMessage: '全ての項目に正しく値を入力してください。',
  },
};
export const Disabled: Story = { args: { defaultValue: 'secret', isDisabled: true } };
