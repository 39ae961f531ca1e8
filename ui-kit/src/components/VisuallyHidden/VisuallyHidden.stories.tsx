import type { Meta, StoryObj } from '@storybook/react-vite';
import { VisuallyHidden } from './VisuallyHidden';

const meta = {
  title: 'Utilities/VisuallyHidden',
  component: VisuallyHidden,
} satisfies Meta<typeof VisuallyHidden>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Only 「15日」 is seen; a screen reader hears the whole date. */
export const Default: Story = {
  render: () => (
    <p>
      <span aria-hidden="true">15日</span>
      <VisuallyHidden>2026年4月15日（水曜日）</VisuallyHidden>
    </p>
  ),
};
