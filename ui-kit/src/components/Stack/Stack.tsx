import type { HTMLAttributes, Ref } from 'react';
import type { BoxElement, SpaceStep } from '../shared/layout';
import { StackRoot } from './Stack.styles';

export interface StackProps extends HTMLAttributes<HTMLElement> {
  /** The element rendered (default `div`); a list loses its bullets. */
  as?: BoxElement;
  /** Space between the children, a step of the space scale (default 4 = 16 px). */
  gap?: SpaceStep;
  /** How the children sit across: stretched (default) or at their own width. */
  align?: 'stretch' | 'start' | 'center' | 'end';
  /** For `as="form"`. */
  noValidate?: boolean;
  ref?: Ref<HTMLElement>;
}

/** Children one below the other with an even gap: sections of a page, fields of a form, a list of cards. */
export function Stack({ as = 'div', gap = 4, align = 'stretch', ref, ...rest }: StackProps) {
  return <StackRoot as={as} ref={ref as Ref<HTMLDivElement>} data-gap={gap} data-align={align} {...rest} />;
}
