import type { HTMLAttributes, ReactNode } from 'react';
import { LinkListRoot } from './LinkList.styles';

export interface LinkListProps extends HTMLAttributes<HTMLUListElement> {
  /** `<li>` items, each holding a link (a plain `<a>` or the router's). */
  children: ReactNode;
}

/** Links one below the other without bullets, in the primary colour: where to go next from a form or a notice. */
export function LinkList(props: LinkListProps) {
  return <LinkListRoot {...props} />;
}
