import type { Meta, StoryObj } from '@storybook/react-vite';
import { ErrorState } from './ErrorState';

const meta = {
  title: 'Feedback/ErrorState',
  component: ErrorState,
  args: { message: '通信に失敗しました。時間をおいて再度お試しください。', onRetry: () => {} },
} satisfies Meta<typeof ErrorState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** A page whose data did not load: centred, a full-size button. */
export const Centered: Story = { args: { align: 'center', buttonSize: 'md', retryLabel: 'もう一度読み込む' } };
