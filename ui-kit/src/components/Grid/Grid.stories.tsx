import type { Meta, StoryObj } from '@storybook/react-vite';
import { Grid } from './Grid';
import { TextField } from '../TextField/TextField';
import { Card } from '../Card/Card';

const fields = (
  <>
    <TextField label="姓" isRequired />
    <TextField label="名" isRequired />
    <TextField label="セイ" />
    <TextField label="メイ" />
    <div data-wide>
      <TextField label="メールアドレス" type="email" />
    </div>
  </>
);

const meta = {
  title: 'Layout/Grid',
  component: Grid,
  args: { children: fields },
} satisfies Meta<typeof Grid>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two columns from 768 px on, one on a phone; a `data-wide` child spans both. */
export const FormTwoColumns: Story = {};
export const ThreeColumns: Story = {
  args: {
    columns: 3,
    align: 'start',
    children: (
      <>
        <TextField label="操作" />
        <TextField label="実行者" />
        <TextField label="対象" />
      </>
    ),
  },
};
/** As many columns of at least 170 px as fit, at every width. */
export const FitItems: Story = {
  args: {
    minItemWidth: '170px',
    gap: 3,
    children: (
      <>
        <TextField label="開始" />
        <TextField label="終了" />
        <TextField label="理由" />
      </>
    ),
  },
};
/** A side column and the main one, side by side from 1024 px on. */
export const SideAndMain: Story = {
  args: {
    from: 'lg',
    template: 'minmax(260px, 320px) minmax(0, 1fr)',
    gap: 5,
    align: 'start',
    children: (
      <>
        <Card title="スタッフ">山田 花子</Card>
        <Card title="山田 花子">勤務予定・担当メニュー</Card>
      </>
    ),
  },
};
