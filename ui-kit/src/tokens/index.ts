export { tokens, tokenVariables, mediaMd, mediaLg } from './tokens';
export type { Tokens } from './tokens';
export { GlobalStyle } from './GlobalStyle';
export { ThemeRoot } from './ThemeRoot';
export type { ThemeRootProps, ThemeName } from './ThemeRoot';
