import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { render, act } from '@testing-library/react';
import axe from 'axe-core';
import { composeStories } from '@storybook/react-vite';
import { withUiKit } from './storybook/decorator';

type StoryModule = Parameters<typeof composeStories>[0];

// Every story file in the kit; a new one is picked up without editing this test.
const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

// Page-level rules make no sense for an isolated story; jsdom cannot compute colours.
const axeOptions: axe.RunOptions = {
  rules: {
    region: { enabled: false },
    'landmark-one-main': { enabled: false },
    'page-has-heading-one': { enabled: false },
    'color-contrast': { enabled: false },
  },
};

function describeViolations(violations: axe.Result[]): string {
  return violations.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.html}`).join('\n')}`).join('\n');
}

const entries = Object.entries(modules);

it('finds the story files', () => {
  expect(entries.length).toBeGreaterThanOrEqual(17);
});

for (const [path, mod] of entries) {
  const stories = composeStories(mod, { decorators: [withUiKit] }) as Record<string, ComponentType>;
  describe(path.replace(/^\.\//, ''), () => {
    for (const [name, Story] of Object.entries(stories)) {
      it(`${name} renders without axe violations`, async () => {
        const { container } = render(<Story />);
        await act(async () => {
          await Promise.resolve();
        });
        expect(container.childElementCount + document.body.childElementCount).toBeGreaterThan(0);
        // Dialogs and popovers are portalled to <body>, so check the whole document body.
        const result = await axe.run(document.body, axeOptions);
        expect(result.violations, describeViolations(result.violations)).toEqual([]);
      });
    }
  });
}
