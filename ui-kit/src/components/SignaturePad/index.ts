export { SignaturePad } from './SignaturePad';
export type { SignaturePadProps } from './SignaturePad';
