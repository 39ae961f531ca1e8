import type { ReactNode } from 'react';
import { FactListRoot } from './FactList.styles';

export interface FactListProps {
  /** `<dt>` / `<dd>` pairs (fragments and conditions are fine). */
  children: ReactNode;
  /** The values in bold: a summary to check before confirming. */
  emphasis?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
  className?: string;
}

/**
 * Facts as term and value in two columns: the label muted on the left, the value beside it.
 * Long values wrap inside their column; the labels keep their width.
 */
export function FactList({ children, emphasis = false, className, 'aria-label': ariaLabel, 'data-testid': testId }: FactListProps) {
  return (
    <FactListRoot data-emphasis={emphasis || undefined} className={className} aria-label={ariaLabel} data-testid={testId}>
      {children}
    </FactListRoot>
  );
}
