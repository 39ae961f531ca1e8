import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tabs } from './Tabs';

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: {
    'aria-label': '予約の表示切り替え',
    items: [
      { id: 'upcoming', label: '今後の予約', content: <p>4月15日（火）14:00 渋谷院 ハイドラフェイシャル</p> },
      { id: 'past', label: '過去の予約', content: <p>3月2日（日）11:00 渋谷院 カウンセリング</p> },
      { id: 'cancelled', label: '取り消した予約', content: <p>取り消した予約はありません。</p> },
    ],
  },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SecondSelected: Story = { args: { defaultSelectedKey: 'past' } };
export const WithDisabledTab: Story = {
  args: {
    items: [
      { id: 'day', label: '日', content: <p>日表示</p> },
      { id: 'week', label: '週', content: <p>週表示</p> },
      { id: 'month', label: '月（準備中）', content: <p>月表示</p>, isDisabled: true },
    ],
  },
};
