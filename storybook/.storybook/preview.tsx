import type { Preview } from '@storybook/react-vite';
import { withUiKit } from '@clinic/ui-kit/storybook';

const preview: Preview = {
  decorators: [withUiKit],
  globalTypes: {
    theme: {
      description: '配色（他院を表示中は secondary）',
      toolbar: {
        title: '配色',
        icon: 'paintbrush',
        items: [
          { value: 'primary', title: '自院（primary）' },
          { value: 'secondary', title: '他院（secondary）' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'primary' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
};

export default preview;
