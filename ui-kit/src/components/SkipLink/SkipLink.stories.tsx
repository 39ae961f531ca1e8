import type { Meta, StoryObj } from '@storybook/react-vite';
import { SkipLink } from './SkipLink';

const meta = {
  title: 'Navigation/SkipLink',
  component: SkipLink,
  decorators: [
    (Story) => (
      <div style={{ position: 'relative', minHeight: 120 }}>
        <Story />
        <p>Tabキーを押すと左上に「本文へ移動」が現れます。</p>
        <main id="main" tabIndex={-1}>
          本文
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof SkipLink>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
