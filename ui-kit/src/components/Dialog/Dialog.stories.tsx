import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Dialog, type DialogProps } from './Dialog';
import { Button } from '../Button/Button';

function Interactive(args: DialogProps) {
  const [open, setOpen] = useState(args.isOpen);
  return (
    <>
      <Button onPress={() => setOpen(true)}>ダイアログを開く</Button>
      <Dialog {...args} isOpen={open} onOpenChange={setOpen} />
    </>
  );
}

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  render: Interactive,
  args: {
    title: '予約内容の確認',
    isOpen: true,
    onOpenChange: () => {},
    children: '4月15日（火）14:00 渋谷院 ハイドラフェイシャル',
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
export const WithFooter: Story = {
  args: {
    footer: (
      <>
        <Button variant="secondary">戻る</Button>
        <Button>予約を確定する</Button>
      </>
    ),
  },
};
export const LongText: Story = {
  args: {
    title: 'キャンセルポリシーについて',
    children:
      'ご予約日の前日18時以降のキャンセル・日時変更は、施術料金の50%をキャンセル料として申し受けます。\n当日のご連絡なしのキャンセルは施術料金の100%を申し受けます。\n体調不良・天災などやむを得ない事情の場合は、お電話にてご相談ください。スタッフが個別に対応いたします。',
    footer: <Button>同意して閉じる</Button>,
  },
};
export const Closed: Story = { args: { isOpen: false } };
