import type { Decorator } from '@storybook/react-vite';
import { UiKitProvider } from '../providers/UiKitProvider';

/**
 * The one global decorator: theme variables, Japanese locale for react-aria
 * (dates, built-in strings) and the message provider. Used by Storybook's preview
 * and by the story tests, so both render stories the same way. The `theme` global
 * (toolbar in Storybook) switches to the secondary clinic colour.
 */
export const withUiKit: Decorator = (Story, context) => (
  <UiKitProvider theme={context.globals?.['theme'] === 'secondary' ? 'secondary' : 'primary'}>
    <Story />
  </UiKitProvider>
);
