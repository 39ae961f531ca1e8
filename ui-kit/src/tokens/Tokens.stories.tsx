import type { Meta, StoryObj } from '@storybook/react-vite';
import { tokens } from './tokens';
import { ThemeRoot } from './ThemeRoot';
import { Button } from '../components/Button/Button';

function Palette() {
  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <section aria-labelledby="tokens-colors">
        <h2 id="tokens-colors" style={{ fontSize: 'var(--font-size-lg)' }}>
          色
        </h2>
        <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 12, listStyle: 'none', padding: 0 }}>
          {Object.entries(tokens.color).map(([name, value]) => (
            <li
              key={name}
              style={{ border: '1px solid var(--color-border)', borderRadius: 'var(--radius-md)', overflow: 'hidden', background: 'var(--color-surface)' }}
            >
              <div style={{ height: 48, background: value }} />
              <div style={{ padding: 8, fontSize: 'var(--font-size-xs)' }}>
                <strong>{name}</strong>
                <br />
                <code>{value}</code>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="tokens-type">
        <h2 id="tokens-type" style={{ fontSize: 'var(--font-size-lg)' }}>
          文字
        </h2>
        {Object.entries(tokens.fontSize).map(([name, size]) => (
          <p key={name} style={{ fontSize: size, margin: '4px 0' }}>
            {name}（{size}）美容皮膚科の予約を受け付けています。
          </p>
        ))}
      </section>
    </div>
  );
}

const meta = {
  title: 'Foundations/Tokens',
  component: Palette,
} satisfies Meta<typeof Palette>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {};

/** Staff looking at another clinic: the primary colour is re-mapped to the secondary hue. */
export const SecondaryTheme: Story = {
  render: () => (
    <ThemeRoot theme="secondary">
      <div style={{ display: 'flex', gap: 8 }}>
        <Button>他院の予約を確定する</Button>
        <Button variant="secondary">戻る</Button>
      </div>
    </ThemeRoot>
  ),
};
