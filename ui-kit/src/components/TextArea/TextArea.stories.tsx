import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextArea } from './TextArea';

const meta = {
  title: 'Forms/TextArea',
  component: TextArea,
  args: { label: '来院前のご案内' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithDescription: Story = {
  args: { description: '予約確認のメールに載ります。', defaultValue: '施術当日はメイクを落としやすい状態でお越しください。' },
};
export const Required: Story = { args: { label: '説明', isRequired: true } };
export const Invalid: Story = {
  args: { label: '説明', isRequired: true, isInvalid: true, errorMessage: '全ての項目に正しく値を入力してください。' },
};
export const Disabled: Story = { args: { isDisabled: true, defaultValue: '変更できません。' } };
