import type { FormEventHandler, ReactNode } from 'react';
import { FieldRowRoot } from './FieldRow.styles';

export interface FieldRowProps {
  /** A field first (it takes the room left), then its button(s). */
  children: ReactNode;
  /** `form` (default) or `div` inside a larger form. */
  as?: 'form' | 'div';
  onSubmit?: FormEventHandler<HTMLFormElement>;
  noValidate?: boolean;
  'aria-label'?: string;
  className?: string;
}

/**
 * One field and its button on one line, the button level with the input: add a category, a
 * room. On a narrow screen the button wraps below the field.
 */
export function FieldRow({ as = 'form', ...rest }: FieldRowProps) {
  return <FieldRowRoot as={as} {...rest} />;
}
