/**
 * Design tokens. Emitted once as CSS variables on `:root` by `GlobalStyle`;
 * components only ever reference `var(--…)`, so a theme switch re-maps variables
 * instead of re-rendering styles.
 */
export const tokens = {
  color: {
    primary: '#0f6b6b',
    primaryHover: '#0b5454',
    primarySoft: '#e3f1f0',
    onPrimary: '#ffffff',
    /** Used when staff look at another clinic: a clearly different hue (deep indigo). */
    secondary: '#3d3a8c',
    secondaryHover: '#2e2b70',
    secondarySoft: '#ebeaf7',
    surface: '#ffffff',
    surfaceAlt: '#f5f7f7',
    text: '#1c2426',
    muted: '#56616a',
    border: '#c9d1d4',
    danger: '#b42318',
    dangerHover: '#912018',
    dangerSoft: '#fdecea',
    success: '#1d6f3a',
    successSoft: '#e6f4ea',
    warning: '#8a5300',
    warningSoft: '#fff4dc',
    info: '#1f5f99',
    infoSoft: '#e7f0fa',
    focus: '#1a73e8',
    overlay: 'rgba(18, 28, 30, 0.45)',
  },
  space: {
    0: '0',
    1: '4px',
    2: '8px',
    3: '12px',
    4: '16px',
    5: '24px',
    6: '32px',
    7: '48px',
  },
  font: {
    family: '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", Meiryo, sans-serif',
    lineHeight: '1.7',
  },
  fontSize: {
    xs: '12px',
    sm: '14px',
    md: '16px',
    lg: '18px',
    xl: '22px',
    xxl: '28px',
  },
  radius: {
    sm: '4px',
    md: '8px',
    lg: '12px',
    full: '9999px',
  },
  shadow: {
    sm: '0 1px 2px rgba(16, 24, 40, 0.08)',
    md: '0 4px 12px rgba(16, 24, 40, 0.12)',
    lg: '0 12px 32px rgba(16, 24, 40, 0.2)',
  },
  breakpoints: {
    md: 768,
    lg: 1024,
  },
} as const;

export type Tokens = typeof tokens;

const kebab = (s: string): string => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Flattens the token object into `--group-name: value` pairs (e.g. `--color-primary`). */
export function tokenVariables(): Record<string, string> {
  const prefixes: Record<keyof Tokens, string> = {
    color: 'color',
    space: 'space',
    font: 'font',
    fontSize: 'font-size',
    radius: 'radius',
    shadow: 'shadow',
    breakpoints: 'breakpoint',
  };
  const out: Record<string, string> = {};
  for (const group of Object.keys(tokens) as (keyof Tokens)[]) {
    for (const [name, value] of Object.entries(tokens[group])) {
      out[`--${prefixes[group]}-${kebab(name)}`] = typeof value === 'number' ? `${value}px` : value;
    }
  }
  return out;
}

/** `min-width` media query for the `md` breakpoint (CSS variables cannot be used in media queries). */
export const mediaMd = `@media (min-width: ${tokens.breakpoints.md}px)`;

/** `min-width` media query for the `lg` breakpoint (two columns of panels side by side). */
export const mediaLg = `@media (min-width: ${tokens.breakpoints.lg}px)`;
