import type { HTMLAttributes, Ref } from 'react';
import { HeadingRoot } from './Heading.styles';

export type HeadingSize = 'sm' | 'md' | 'lg' | 'xl' | 'xxl';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  /** The outline level: `h1` … `h4`. */
  level: 1 | 2 | 3 | 4;
  /** Font size on the scale; by default xl, lg, md and sm for levels 1 to 4. */
  size?: HeadingSize;
  tone?: 'inherit' | 'muted';
  ref?: Ref<HTMLHeadingElement>;
}

const SIZE_OF_LEVEL: Record<HeadingProps['level'], HeadingSize> = { 1: 'xl', 2: 'lg', 3: 'md', 4: 'sm' };

/** A heading without margins, its size chosen apart from its level (the outline stays right). */
export function Heading({ level, size, tone = 'inherit', ...rest }: HeadingProps) {
  return <HeadingRoot as={`h${level}`} data-size={size ?? SIZE_OF_LEVEL[level]} data-tone={tone === 'inherit' ? undefined : tone} {...rest} />;
}
