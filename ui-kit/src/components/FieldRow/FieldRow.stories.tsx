import type { Meta, StoryObj } from '@storybook/react-vite';
import { FieldRow } from './FieldRow';
import { TextField } from '../TextField/TextField';
import { Button } from '../Button/Button';

const meta = {
  title: 'Forms/FieldRow',
  component: FieldRow,
  args: {
    'aria-label': 'カテゴリを追加',
    children: (
      <>
        <TextField label="カテゴリ名" isRequired />
        <Button type="submit">カテゴリを追加</Button>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FieldRow>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** The reason under the field does not move the button. */
export const Invalid: Story = {
  args: {
    children: (
      <>
        <TextField label="カテゴリ名" isRequired isInvalid errorMessage="同じ名前のカテゴリがあります。" />
        <Button type="submit">カテゴリを追加</Button>
      </>
    ),
  },
};
