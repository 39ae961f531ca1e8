import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from './Card';
import { Button } from '../Button/Button';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: { title: '次回のご予約', children: '4月15日（火）14:00〜15:00　渋谷院　ハイドラフェイシャル' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithActions: Story = {
  args: {
    actions: (
      <>
        <Button variant="secondary" size="sm">
          日時を変更
        </Button>
        <Button variant="danger" size="sm">
          取り消す
        </Button>
      </>
    ),
  },
};
export const WithoutTitle: Story = { args: { title: undefined, children: 'タイトルのないカードです。' } };
export const LongText: Story = {
  args: {
    title: 'ご来院前にお読みください（施術前の注意事項と当日の持ち物について）',
    children:
      '施術当日はメイクを落としやすい状態でお越しください。日焼け直後・妊娠中・授乳中の方は施術を受けられない場合があります。保険証とお薬手帳をお持ちください。',
  },
};
/** An outcome (予約完了): the success colour along the top. */
export const SuccessAccent: Story = {
  args: { title: 'ご予約が完了しました', accent: 'success', spacious: true, children: '確認のメールをお送りしました。' },
};
/** Cards in a list: `li`, a smaller level-3 title, a notice's edge on the left. */
export const ListItems: Story = {
  args: { title: undefined, children: '' },
  render: () => (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
      <Card as="li" title="年末年始の診療時間" titleSize="md" headingLevel={3} accent="primary">
        12月29日から1月3日まで休診いたします。
      </Card>
      <Card as="li" title="ハイドラフェイシャル 5回コース" titleSize="md" headingLevel={3}>
        残り3回（全5回）
      </Card>
    </ul>
  ),
};
