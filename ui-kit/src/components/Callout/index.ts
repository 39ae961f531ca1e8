export { Callout } from './Callout';
export type { CalloutProps } from './Callout';
