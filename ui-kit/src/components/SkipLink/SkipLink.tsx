import { SkipLinkRoot } from './SkipLink.styles';

export interface SkipLinkProps {
  /** Where it jumps to (default `#main`: the page's `<main id="main">`). */
  href?: string;
  /** The link's text (default 本文へ移動). */
  children?: string;
}

/** The first tab stop of a page: hidden until focused, it jumps over the header and the navigation. */
export function SkipLink({ href = '#main', children = '本文へ移動' }: SkipLinkProps) {
  return <SkipLinkRoot href={href}>{children}</SkipLinkRoot>;
}
