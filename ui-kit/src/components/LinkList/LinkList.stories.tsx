import type { Meta, StoryObj } from '@storybook/react-vite';
import { LinkList } from './LinkList';

const meta = {
  title: 'Navigation/LinkList',
  component: LinkList,
  args: {
    children: (
      <>
        <li>
          <a href="#reset">パスワードをお忘れの方</a>
        </li>
        <li>
          <a href="#guest">会員登録せずに予約する</a>
        </li>
      </>
    ),
  },
} satisfies Meta<typeof LinkList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
