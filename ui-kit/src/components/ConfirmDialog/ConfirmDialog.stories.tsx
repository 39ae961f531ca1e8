import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    isOpen: true,
    message: 'この予約を取り消しますか？',
    onConfirm: () => {},
    onCancel: () => {},
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const Danger: Story = {
  args: {
    title: '予約の取り消し',
    message: '4月15日（火）14:00 のご予約を取り消します。前日18時以降のため、キャンセル料が発生します。よろしいですか？',
    confirmLabel: '取り消す',
    cancelLabel: 'やめる',
    tone: 'danger',
  },
};
export const Pending: Story = { args: { isPending: true } };
