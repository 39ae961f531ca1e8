import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from './Stack';
import { Card } from '../Card/Card';
import { TextField } from '../TextField/TextField';
import { Button } from '../Button/Button';

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  args: {
    children: (
      <>
        <Card title="次回のご予約">4月15日（火）14:00〜15:00　渋谷院</Card>
        <Card title="契約中のコース">ハイドラフェイシャル 5回コース（残り3回）</Card>
      </>
    ),
  },
} satisfies Meta<typeof Stack>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SmallGap: Story = { args: { gap: 2 } };
/** A form's fields one below the other; the button keeps its own width. */
export const Form: Story = {
  args: {
    as: 'form',
    gap: 3,
    align: 'start',
    'aria-label': '会員検索',
    children: (
      <>
        <TextField label="キーワード" description="氏名・フリガナ・診察券番号の一部" />
        <Button type="submit">検索</Button>
      </>
    ),
  },
};
/** A list: no bullets, no indent. */
export const List: Story = {
  args: {
    as: 'ul',
    gap: 2,
    'aria-label': 'お知らせ',
    children: (
      <>
        <li>年末年始の診療時間のお知らせ</li>
        <li>新しいメニュー「ピコレーザー」を始めました</li>
      </>
    ),
  },
};
