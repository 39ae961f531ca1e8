import type { Meta, StoryObj } from '@storybook/react-vite';
import { FactList } from './FactList';

const meta = {
  title: 'Layout/FactList',
  component: FactList,
  args: {
    children: (
      <>
        <dt>クリニック</dt>
        <dd>渋谷院</dd>
        <dt>メニュー</dt>
        <dd>ハイドラフェイシャル</dd>
        <dt>日時</dt>
        <dd>12月15日（火）14:00〜15:00</dd>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FactList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** A summary to check before confirming: the values in bold. */
export const Emphasis: Story = { args: { emphasis: true } };
export const LongValues: Story = {
  args: {
    children: (
      <>
        <dt>メールアドレス</dt>
        <dd>yamada.hanako.very.long.address.for.testing@example-clinic-reservations.co.jp</dd>
        <dt>ご要望</dt>
        <dd>施術当日はメイクを落としやすい状態で伺います。日焼け止めは塗っていても問題ないでしょうか。</dd>
        <dt>担当できるメニュー</dt>
        <dd>
          <ul>
            <li>ハイドラフェイシャル</li>
            <li>医療脱毛（全身）</li>
          </ul>
        </dd>
      </>
    ),
  },
};
