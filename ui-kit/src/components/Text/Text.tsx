import type { HTMLAttributes } from 'react';
import { TextRoot } from './Text.styles';

export interface TextProps extends HTMLAttributes<HTMLElement> {
  /** The element rendered (default `p`); never a margin. */
  as?: 'p' | 'span' | 'div' | 'strong' | 'small';
  /** Colour: inherited (default), `muted` for notes and meta lines, or a state's colour. */
  tone?: 'inherit' | 'muted' | 'danger' | 'warning' | 'success';
  /** Font size on the scale (default: inherited). */
  size?: 'xs' | 'sm' | 'md' | 'lg';
  weight?: 'normal' | 'semibold' | 'bold';
  /** Keeps the line breaks of the text (an announcement's body as it was written). */
  preserveLineBreaks?: boolean;
}

/** A line or paragraph of text without margins: a muted note, a meta line, a field's reason, a bold summary. */
export function Text({ as = 'p', tone = 'inherit', size, weight, preserveLineBreaks = false, ...rest }: TextProps) {
  return (
    <TextRoot
      as={as}
      data-tone={tone === 'inherit' ? undefined : tone}
      data-size={size}
      data-weight={weight}
      data-pre={preserveLineBreaks || undefined}
      {...rest}
    />
  );
}
