import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button';
import { PlainButton } from './PlainButton';

const meta = {
  title: 'Components/PlainButton',
  component: PlainButton,
  args: { children: '次へ', variant: 'primary', size: 'md' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'ghost'] },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
  },
} satisfies Meta<typeof PlainButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: '戻る' } };
export const Danger: Story = { args: { variant: 'danger', children: 'キャンセルする' } };
export const Small: Story = { args: { size: 'sm', children: '詳細' } };
export const Disabled: Story = { args: { isDisabled: true, children: '次へ' } };
export const Pending: Story = { args: { isPending: true, children: '予約する' } };

/** Side by side with the react-aria `Button`: the two must look the same. */
export const BesideButton: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(4, max-content)' }}>
      {(['primary', 'secondary', 'danger', 'ghost'] as const).map((variant) => (
        <PlainButton key={`plain-${variant}`} {...args} variant={variant}>
          PlainButton
        </PlainButton>
      ))}
      {(['primary', 'secondary', 'danger', 'ghost'] as const).map((variant) => (
        <Button key={`aria-${variant}`} variant={variant}>
          Button
        </Button>
      ))}
    </div>
  ),
};
