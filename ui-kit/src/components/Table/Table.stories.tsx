import type { Meta, StoryObj } from '@storybook/react-vite';
import { Table } from './Table';

interface Reservation {
  id: string;
  date: string;
  time: string;
  customer: string;
  menu: string;
  price: number;
}

const rows: Reservation[] = [
  { id: 'r1', date: '4月15日（火）', time: '10:00', customer: '山田 花子', menu: 'ハイドラフェイシャル', price: 16500 },
  { id: 'r2', date: '4月15日（火）', time: '11:30', customer: '佐藤 美咲', menu: '医療レーザー脱毛（顔）', price: 9800 },
  { id: 'r3', date: '4月16日（水）', time: '14:00', customer: '鈴木 一郎', menu: 'ニキビ治療（保険診療）', price: 1500 },
];

const columns = [
  { key: 'date', label: '日付' },
  { key: 'time', label: '時刻' },
  { key: 'customer', label: 'お客様' },
  { key: 'menu', label: 'メニュー' },
  { key: 'price', label: '料金', align: 'end' },
] as const;

const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });

const meta = {
  title: 'Data/Table',
  component: Table<Reservation>,
  args: {
    'aria-label': '予約一覧',
    columns,
    rows,
    rowKey: (r: Reservation) => r.id,
    renderCell: (r: Reservation, key: string) => (key === 'price' ? yen.format(r.price) : String(r[key as keyof Reservation])),
  },
} satisfies Meta<typeof Table<Reservation>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { rows: [] } };
export const EmptyCustomText: Story = { args: { rows: [], emptyText: '本日の予約はありません' } };
export const LongText: Story = {
  args: {
    rows: [
      {
        id: 'r9',
        date: '4月18日（金）',
        time: '18:30',
        customer: '長谷川 由紀子',
        menu: 'シミ取りレーザー（ピコスポット）＋ビタミンC誘導体イオン導入＋カウンセリング',
        price: 38500,
      },
    ],
  },
};
/** Long names on one line: the table scrolls sideways in its box. */
export const NoWrap: Story = { args: { ...LongText.args, noWrap: true } };
