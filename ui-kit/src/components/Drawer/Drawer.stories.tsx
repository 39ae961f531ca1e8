import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Drawer, type DrawerProps } from './Drawer';
import { Button } from '../Button/Button';

function Interactive(args: DrawerProps) {
  const [open, setOpen] = useState(args.isOpen);
  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        メニューを開く
      </Button>
      <Drawer {...args} isOpen={open} onOpenChange={setOpen} />
    </>
  );
}

const links = ['予約一覧', '新規予約', 'スタッフ管理', '店舗設定', 'ログアウト'];

const meta = {
  title: 'Overlays/Drawer',
  component: Drawer,
  render: Interactive,
  args: {
    isOpen: true,
    onOpenChange: () => {},
    title: 'メニュー',
    children: (
      <nav aria-label="メインメニュー">
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
          {links.map((l) => (
            <li key={l}>
              <a href={`#${encodeURIComponent(l)}`} style={{ display: 'block', padding: '10px 8px', color: 'var(--color-text)' }}>
                {l}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    ),
  },
} satisfies Meta<typeof Drawer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OpenLeft: Story = {};
export const OpenRight: Story = { args: { placement: 'right', title: '絞り込み' } };
export const Closed: Story = { args: { isOpen: false } };
