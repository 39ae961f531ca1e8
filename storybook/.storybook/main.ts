import type { StorybookConfig } from '@storybook/react-vite';

// Offline and fast: no addons that fetch anything, telemetry off, default react-docgen
// (react-docgen-typescript needs the TypeScript JS API).
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../../ui-kit/src/**/*.stories.tsx'],
  addons: [],
  core: {
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
  typescript: {
    reactDocgen: 'react-docgen',
  },
  // react-aria ships its strings for every locale in one chunk; that size is expected.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    build: { ...viteConfig.build, chunkSizeWarningLimit: 2000 },
  }),
};

export default config;
