import type { HTMLAttributes, ReactNode } from 'react';
import { EmptyRoot } from './EmptyState.styles';

export interface EmptyStateProps extends HTMLAttributes<HTMLParagraphElement> {
  /** What is missing and, if anything, what to do (default データがありません). */
  children?: ReactNode;
  /** A dashed outline (default) or a grey filled box. */
  variant?: 'outlined' | 'filled';
}

/** Where a list or a panel has nothing to show: one muted, centred line in a box. */
export function EmptyState({ children = 'データがありません', variant = 'outlined', ...rest }: EmptyStateProps) {
  return (
    <EmptyRoot data-variant={variant} {...rest}>
      {children}
    </EmptyRoot>
  );
}
