import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inline } from './Inline';
import { Button } from '../Button/Button';
import { Badge } from '../Badge/Badge';

const meta = {
  title: 'Layout/Inline',
  component: Inline,
  args: {
    children: (
      <>
        <Button variant="secondary">キャンセル</Button>
        <Button>保存</Button>
      </>
    ),
  },
} satisfies Meta<typeof Inline>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** A dialog's or form's buttons, at the right. */
export const ButtonRowAtEnd: Story = { args: { justify: 'end' } };
/** On a phone the buttons share the width; from 768 px on they keep their own. */
export const GrowOnPhone: Story = { args: { grow: 'phone' } };
/** A toolbar: a heading at one end, its actions at the other. */
export const Toolbar: Story = {
  args: {
    justify: 'between',
    children: (
      <>
        <h3 style={{ margin: 0 }}>2026年4月</h3>
        <Inline>
          <Button variant="secondary" size="sm">
            前の月
          </Button>
          <Button variant="secondary" size="sm">
            次の月
          </Button>
        </Inline>
      </>
    ),
  },
};
export const Badges: Story = {
  args: {
    gap: 1,
    children: (
      <>
        <Badge tone="success">Web予約可</Badge>
        <Badge>非表示</Badge>
        <Badge tone="warning">要確認</Badge>
      </>
    ),
  },
};
