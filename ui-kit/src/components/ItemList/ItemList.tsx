import type { HTMLAttributes, ReactNode } from 'react';
import { ItemListRoot } from './ItemList.styles';

export interface ItemListProps extends HTMLAttributes<HTMLUListElement> {
  /** `<li>` rows: the text (a `<span>`) and the row's actions. */
  children: ReactNode;
  /** The lines of each row's `<span>` one below the other (a name over its details). */
  stackedText?: boolean;
}

/** A plain list of framed rows, each with its text and its actions spread apart: holidays, schedules, blocks. */
export function ItemList({ stackedText = false, ...rest }: ItemListProps) {
  return <ItemListRoot {...rest} data-stacked-text={stackedText || undefined} />;
}
