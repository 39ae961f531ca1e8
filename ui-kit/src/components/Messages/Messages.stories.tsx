import type { Meta, StoryObj } from '@storybook/react-vite';
import { MessageArea } from './MessageArea';
import { useMessages } from './MessageProvider';
import { Button } from '../Button/Button';

const meta = {
  title: 'Feedback/Messages',
  component: MessageArea,
  args: {
    onDismiss: () => {},
    messages: [
      { id: '1', tone: 'success', text: '予約を登録しました。確認メールをお送りしました。' },
      { id: '2', tone: 'info', text: '4月29日（祝）は休診日です。' },
      { id: '3', tone: 'warning', text: '前日18時以降のキャンセルにはキャンセル料がかかります。' },
      { id: '4', tone: 'error', text: '通信に失敗しました。時間をおいて再度お試しください。' },
    ],
  },
} satisfies Meta<typeof MessageArea>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every tone, as rendered by the fixed message region. */
export const AllTones: Story = {};

export const LongText: Story = {
  args: {
    messages: [
      {
        id: '1',
        tone: 'error',
        text: 'ご指定の日時は他のお客様のご予約と重なったため登録できませんでした。お手数ですが、別の日時を選んでもう一度お試しください。',
      },
    ],
  },
};

function Demo() {
  const { show } = useMessages();
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onPress={() => show({ text: '保存しました。', tone: 'success' })}>成功</Button>
      <Button variant="danger" onPress={() => show({ text: '保存に失敗しました。', tone: 'error', durationMs: 8000 })}>
        エラー
      </Button>
      <Button variant="secondary" onPress={() => show({ text: 'お知らせです。', durationMs: 2000 })}>
        2秒で消える
      </Button>
    </div>
  );
}

/** Uses `useMessages()` from the global decorator's `MessageProvider`. */
export const WithProvider: Story = { args: { messages: [] }, render: () => <Demo /> };
