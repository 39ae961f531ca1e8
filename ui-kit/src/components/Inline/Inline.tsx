import type { FormEventHandler, HTMLAttributes, Ref } from 'react';
import type { BoxElement, SpaceStep } from '../shared/layout';
import { InlineRoot } from './Inline.styles';

export interface InlineProps extends Omit<HTMLAttributes<HTMLElement>, 'onSubmit'> {
  /** The element rendered (default `div`). */
  as?: BoxElement;
  /** Space between the children (default 2 = 8 px). */
  gap?: SpaceStep;
  /** Space between wrapped lines, when it differs from `gap`. */
  rowGap?: SpaceStep;
  /** Where the children gather along the row (default `start`); `between` spreads them to both ends. */
  justify?: 'start' | 'end' | 'between' | 'center';
  /** How the children line up across the row (default `center`). */
  align?: 'center' | 'start' | 'end' | 'baseline' | 'stretch';
  /** Whether the row wraps onto more lines when it runs out of room (default true). */
  wrap?: boolean;
  /** Children share the row's width: `always`, on a `phone` only (narrower than 768 px), or never (default). */
  grow?: 'none' | 'phone' | 'always';
  /** For `as="form"`. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  ref?: Ref<HTMLElement>;
}

/** Children side by side, wrapping when the row is full: button rows, toolbars, badges, a status line. */
export function Inline({ as = 'div', gap = 2, rowGap, justify = 'start', align = 'center', wrap = true, grow = 'none', ref, onSubmit, ...rest }: InlineProps) {
  return (
    <InlineRoot
      as={as}
      ref={ref as Ref<HTMLDivElement>}
      onSubmit={onSubmit as FormEventHandler<HTMLElement> | undefined}
      data-gap={gap}
      data-row-gap={rowGap}
      data-justify={justify}
      data-align={align}
      data-wrap={wrap ? undefined : 'false'}
      data-grow={grow}
      {...rest}
    />
  );
}
