import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The default text. */
export const Default: Story = {};
export const CustomText: Story = { args: { children: '今後のご予約はありません。' } };
export const Filled: Story = { args: { variant: 'filled', children: 'クリニックを選んでください。' } };
