import { useId, type FormEventHandler, type HTMLAttributes, type ReactNode } from 'react';
import { CardActions, CardBody, CardRoot, CardTitle } from './Card.styles';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'onSubmit'> {
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** The title's size: `lg` (default) or `md` for cards in a list. */
  titleSize?: 'md' | 'lg';
  /** The element rendered: `section` (default; named by its title), `article`, `div`, `li` inside a list, or a `form` (name it with `aria-labelledby`). */
  as?: 'section' | 'article' | 'div' | 'li' | 'form';
  /** For `as="form"`. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  noValidate?: boolean;
  /** More room above and below (24 px): a form or an outcome that stands alone on the page. */
  spacious?: boolean;
  /** A coloured edge: `success` on top (an outcome), `primary` on the left (a notice). */
  accent?: 'none' | 'success' | 'primary';
}

/** Surface with an optional titled heading and an action row. */
export function Card({
  title,
  children,
  actions,
  headingLevel = 2,
  titleSize = 'lg',
  as = 'section',
  accent = 'none',
  spacious = false,
  onSubmit,
  ...rest
}: CardProps) {
  const titleId = useId();
  // Only a section or an article is a named region; a list item or a div keeps its plain role.
  const named = title && (as === 'section' || as === 'article');
  return (
    <CardRoot
      aria-labelledby={named ? titleId : undefined}
      {...rest}
      onSubmit={onSubmit as FormEventHandler<HTMLElement> | undefined}
      as={as}
      data-accent={accent === 'none' ? undefined : accent}
      data-spacious={spacious || undefined}
    >
      {title && (
        <CardTitle as={`h${headingLevel}`} id={titleId} data-size={titleSize}>
          {title}
        </CardTitle>
      )}
      <CardBody>{children}</CardBody>
      {actions && <CardActions>{actions}</CardActions>}
    </CardRoot>
  );
}
