import { useId, type ReactNode } from 'react';
import { CardActions, CardBody, CardRoot, CardTitle } from './Card.styles';

export interface CardProps {
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** Surface with an optional titled heading and an action row. */
export function Card({ title, children, actions, headingLevel = 2, className }: CardProps) {
  const titleId = useId();
  return (
    <CardRoot aria-labelledby={title ? titleId : undefined} className={className}>
      {title && (
        <CardTitle as={`h${headingLevel}`} id={titleId}>
          {title}
        </CardTitle>
      )}
      <CardBody>{children}</CardBody>
      {actions && <CardActions>{actions}</CardActions>}
    </CardRoot>
  );
}
