import type { HTMLAttributes } from 'react';
import type { SpaceStep } from '../shared/layout';
import { ContainerRoot } from './Container.styles';

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  /** The element rendered: `div` (default), or the page's `main`, a `header`'s inner row, a `section`. */
  as?: 'div' | 'main' | 'header' | 'section' | 'footer';
  /** The most it takes: `wide` 960 px (default: a page), `medium` 640 px (a message page), `narrow` 480 px (a login form). */
  width?: 'wide' | 'medium' | 'narrow';
  /** Space above and below the content, steps of the space scale (default 0); 16 px at the sides always. */
  paddingTop?: SpaceStep;
  paddingBottom?: SpaceStep;
}

/** The page's column: centred, at most `width` wide, 16 px from the screen's edges on a phone. */
export function Container({ as = 'div', width = 'wide', paddingTop = 0, paddingBottom = 0, ...rest }: ContainerProps) {
  return <ContainerRoot as={as} data-width={width} data-pt={paddingTop} data-pb={paddingBottom} {...rest} />;
}
