import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormStatusBadge } from './FormStatusBadge';

const meta = {
  title: 'Content/FormStatusBadge',
  component: FormStatusBadge,
  args: { status: 'pending' },
} satisfies Meta<typeof FormStatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = { args: { count: '1/2' } };
export const Answered: Story = { args: { status: 'answered' } };
export const Signed: Story = { args: { status: 'signed' } };
export const Countersigned: Story = { args: { status: 'countersigned' } };
export const WithFlags: Story = { args: { status: 'answered', flags: ['妊娠の可能性あり', '抗凝固薬'] } };
/** In a calendar block: one line, the flags in one pill. */
export const Compact: Story = {
  args: { status: 'answered', size: 'sm', flags: ['妊娠の可能性あり', '抗凝固薬'] },
  decorators: [
    (Story) => (
      <div style={{ width: 160, border: '1px solid #ccc', padding: 4 }}>
        <Story />
      </div>
    ),
  ],
};
