import type { CSSProperties, FormEventHandler, HTMLAttributes, Ref } from 'react';
import type { BoxElement, SpaceStep } from '../shared/layout';
import { GridRoot } from './Grid.styles';

export interface GridProps extends Omit<HTMLAttributes<HTMLElement>, 'onSubmit'> {
  /** The element rendered (default `div`); a list loses its bullets. */
  as?: BoxElement;
  /** Equal columns from the breakpoint on (default 2); one column below it. */
  columns?: 2 | 3 | 4;
  /** A `grid-template-columns` value from the breakpoint on, instead of equal columns (e.g. a side column and a main one). */
  template?: string;
  /** Where the columns start: `md` (768 px, default) or `lg` (1024 px). */
  from?: 'md' | 'lg';
  /** As many columns of at least this width (CSS length) as fit, at every width; `columns`, `template` and `from` are then ignored. */
  minItemWidth?: string;
  /** Space between cells (default 4 = 16 px). */
  gap?: SpaceStep;
  /** How cells of one row line up vertically (default: stretched to the row's height). */
  align?: 'stretch' | 'start' | 'center' | 'end';
  /** For `as="form"`. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  ref?: Ref<HTMLElement>;
}

/**
 * Fields of a form, filters, cards or panels in columns that fall to one column on a phone. A
 * child with a `data-wide` attribute spans every column.
 */
export function Grid({ as = 'div', columns = 2, template, from = 'md', minItemWidth, gap = 4, align = 'stretch', style, ref, onSubmit, ...rest }: GridProps) {
  const variables: Record<string, string> = {};
  if (minItemWidth) variables['--grid-min'] = minItemWidth;
  else if (template) variables['--grid-columns'] = template;
  return (
    <GridRoot
      as={as}
      ref={ref as Ref<HTMLDivElement>}
      onSubmit={onSubmit as FormEventHandler<HTMLElement> | undefined}
      data-gap={gap}
      data-columns={minItemWidth || template ? undefined : columns}
      data-from={minItemWidth ? undefined : from}
      data-fit={minItemWidth ? '' : undefined}
      data-align={align}
      style={{ ...(variables as CSSProperties), ...style }}
      {...rest}
    />
  );
}
