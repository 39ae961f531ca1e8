export { PlainButton } from './PlainButton';
export type { PlainButtonProps } from './PlainButton';
