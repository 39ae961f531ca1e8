import type { FormEventHandler, HTMLAttributes, Ref } from 'react';
import type { BoxElement, SpaceStep } from '../shared/layout';
import { StackRoot } from './Stack.styles';

export interface StackProps extends Omit<HTMLAttributes<HTMLElement>, 'onSubmit'> {
  /** The element rendered (default `div`); a list loses its bullets. */
  as?: BoxElement;
  /** Space between the children, a step of the space scale (default 4 = 16 px). */
  gap?: SpaceStep;
  /** How the children sit across: stretched (default) or at their own width. */
  align?: 'stretch' | 'start' | 'center' | 'end';
  /** For `as="form"`. */
  noValidate?: boolean;
  /** For `as="form"`. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  ref?: Ref<HTMLElement>;
}

/** Children one below the other with an even gap: sections of a page, fields of a form, a list of cards. */
export function Stack({ as = 'div', gap = 4, align = 'stretch', ref, onSubmit, ...rest }: StackProps) {
  return (
    <StackRoot
      as={as}
      ref={ref as Ref<HTMLDivElement>}
      onSubmit={onSubmit as FormEventHandler<HTMLElement> | undefined}
      data-gap={gap}
      data-align={align}
      {...rest}
    />
  );
}
