import type { Meta, StoryObj } from '@storybook/react-vite';
import { SignaturePad } from './SignaturePad';

const meta = {
  title: 'Forms/SignaturePad',
  component: SignaturePad,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SignaturePad>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Draw with a finger or the mouse; 書き直す clears. */
export const Default: Story = {};
export const Disabled: Story = { args: { isDisabled: true } };
export const English: Story = {
  args: {
    label: 'Handwritten signature (optional)',
    description: 'Draw inside the box with your finger or the mouse. Typing your name is enough to sign.',
    clearLabel: 'Clear',
    emptyLabel: 'Signature box (empty)',
    drawnLabel: 'Signature box (signed)',
  },
};
