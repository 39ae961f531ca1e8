import type { HTMLAttributes, ReactNode } from 'react';
import { CalloutRoot } from './Callout.styles';

export interface CalloutProps extends HTMLAttributes<HTMLElement> {
  children: ReactNode;
  /** `danger` (default: a refusal, a form that cannot be sent), `warning`, `success` or `info`. */
  tone?: 'danger' | 'warning' | 'success' | 'info';
  size?: 'sm' | 'md';
  /** The element rendered: `div` (default; may hold paragraphs) or `p` (one line). */
  as?: 'div' | 'p';
}

/**
 * A message that stays in the page, in the colour of its tone: above a form, at the top of a
 * panel. Give it `role="alert"` (or `status`) when it appears in answer to what the user did;
 * short-lived messages belong to `useMessages` instead.
 */
export function Callout({ tone = 'danger', size = 'md', as = 'div', ...rest }: CalloutProps) {
  return <CalloutRoot {...rest} as={as} data-tone={tone} data-size={size} />;
}
