import type { Meta, StoryObj } from '@storybook/react-vite';
import { Spinner } from './Spinner';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithLabel: Story = { args: { showLabel: true, label: '空き状況を確認しています' } };
export const Large: Story = { args: { size: 'lg', showLabel: true } };
/** A part of the page still loading: centred in its own padded row. */
export const Block: Story = { args: { placement: 'block', showLabel: true, label: '予約を読み込んでいます' } };
