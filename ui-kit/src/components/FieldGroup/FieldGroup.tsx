import type { HTMLAttributes, ReactNode } from 'react';
import type { SpaceStep } from '../shared/layout';
import { FieldGroupRoot } from './FieldGroup.styles';

export interface FieldGroupProps extends HTMLAttributes<HTMLFieldSetElement> {
  /** The group's name (`<legend>`): screen readers say it before each field inside. */
  legend: ReactNode;
  children: ReactNode;
  /** `boxed` (default): framed, the legend in the frame; `plain`: no frame, the legend like a field label. */
  variant?: 'boxed' | 'plain';
  /** The fields one below the other (default) or side by side, wrapping. */
  layout?: 'stack' | 'inline';
  /** Space between the fields (default 3 = 12 px). */
  gap?: SpaceStep;
  /** With `layout="inline"`: space between wrapped lines, when it differs from `gap`. */
  rowGap?: SpaceStep;
  /** Frames the group in the danger colour (its reason is the caller's, inside the group). */
  isInvalid?: boolean;
}

/** Related fields under one name (`<fieldset>` and `<legend>`): the days of a week, the rooms of a task, a language's texts. */
export function FieldGroup({ legend, children, variant = 'boxed', layout = 'stack', gap = 3, rowGap, isInvalid = false, ...rest }: FieldGroupProps) {
  return (
    <FieldGroupRoot {...rest} data-variant={variant} data-layout={layout} data-gap={gap} data-row-gap={rowGap} data-invalid={isInvalid || undefined}>
      <legend>{legend}</legend>
      {children}
    </FieldGroupRoot>
  );
}
