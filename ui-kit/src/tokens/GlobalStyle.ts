import { createGlobalStyle } from 'styled-components';
import { tokenVariables } from './tokens';

// Computed once at module load: the global style is static text, no props.
const rootVariables = Object.entries(tokenVariables())
  .map(([name, value]) => `${name}: ${value};`)
  .join('\n  ');

/**
 * Emits every token once as a CSS variable on `:root`, plus base body styles.
 * `:root[data-theme='secondary']` re-maps the primary colours to the secondary hue
 * (staff looking at another clinic) without touching component styles.
 */
export const GlobalStyle = createGlobalStyle`
  :root {
  ${rootVariables}
    --drawer-width: 280px;
    --focus-ring: 0 0 0 3px var(--color-surface), 0 0 0 5px var(--color-focus);
    color-scheme: light;
  }

  :root[data-theme='secondary'] {
    --color-primary: var(--color-secondary);
    --color-primary-hover: var(--color-secondary-hover);
    --color-primary-soft: var(--color-secondary-soft);
  }

  *, *::before, *::after {
    box-sizing: border-box;
  }

  body {
    margin: 0;
    font-family: var(--font-family);
    font-size: var(--font-size-md);
    line-height: var(--font-line-height);
    color: var(--color-text);
    background: var(--color-surface-alt);
    -webkit-font-smoothing: antialiased;
    word-break: normal;
    overflow-wrap: anywhere;
    line-break: strict;
  }

  button, input, select, textarea {
    font: inherit;
    color: inherit;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
