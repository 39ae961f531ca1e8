import type { Meta, StoryObj } from '@storybook/react-vite';
import { ItemList } from './ItemList';
import { Button } from '../Button/Button';
import { Text } from '../Text/Text';

const meta = {
  title: 'Data/ItemList',
  component: ItemList,
  args: {
    'aria-label': '休診日',
    children: (
      <>
        <li>
          <span>2026年12月29日（火）年末休診</span>
          <Button size="sm" variant="danger" aria-label="削除 2026年12月29日">
            削除
          </Button>
        </li>
        <li>
          <span>2026年1月1日（木）元日</span>
          <Button size="sm" variant="danger" aria-label="削除 2026年1月1日">
            削除
          </Button>
        </li>
      </>
    ),
  },
} satisfies Meta<typeof ItemList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** Each row's text on two lines: the time over its reason. */
export const StackedText: Story = {
  args: {
    stackedText: true,
    'aria-label': '予定ブロック',
    children: (
      <li>
        <span>
          <strong>4月15日（火）13:00〜14:00</strong>
          <Text as="span" tone="muted" size="sm">
            院内研修（美容皮膚科の新しい機器の使い方と、施術前後の説明の仕方について）
          </Text>
        </span>
        <Button size="sm" variant="danger">
          削除
        </Button>
      </li>
    ),
  },
};
