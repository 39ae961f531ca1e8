import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChoiceCard } from './ChoiceCard';

const menus = [
  { id: 'counsel', title: '新規カウンセリング', description: '約30分・無料' },
  { id: 'hydra', title: 'ハイドラフェイシャル', description: '約60分・19,800円' },
  { id: 'peel', title: 'ケミカルピーリング（全顔）', description: '約30分・8,800円' },
];

/** Cards side by side, one chosen at a time (the guest page's menu step). */
function MenuChoice() {
  const [chosen, setChosen] = useState('hydra');
  return (
    <div role="group" aria-label="メニュー" style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
      {menus.map((menu) => (
        <ChoiceCard key={menu.id} title={menu.title} description={menu.description} isSelected={menu.id === chosen} onPress={() => setChosen(menu.id)} />
      ))}
    </div>
  );
}

const meta = {
  title: 'Components/ChoiceCard',
  component: ChoiceCard,
  args: { title: '渋谷院', isSelected: false, onPress: () => {} },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ChoiceCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { isSelected: true } };
export const WithDescription: Story = { args: { title: '新規カウンセリング', description: '約30分・無料' } };
/** A card whose press moves on at once (the member page): no pressed state. */
export const Action: Story = { args: { title: 'ハイフ（全顔）', description: '残り 5回　有効期限 2027年3月31日(水)', isSelected: undefined } };
export const Disabled: Story = { args: { title: '新宿院', description: 'Web予約を受け付けていません', isDisabled: true } };
export const LongText: Story = {
  args: {
    title: '医療脱毛（全身・顔・VIO）5回コース 初回お試しプランとアフターケアカウンセリング',
    description: '約120分・198,000円・麻酔クリーム別途',
  },
};
export const Group: Story = {
  render: () => <MenuChoice />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
};
