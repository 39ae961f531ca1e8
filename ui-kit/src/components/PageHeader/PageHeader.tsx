import type { ReactNode } from 'react';
import { Actions, Description, HeaderRoot, HeaderText, Title } from './PageHeader.styles';

export interface PageHeaderProps {
  title: string;
  description?: string;
  actions?: ReactNode;
  className?: string;
}

/** Page title (`h1`), optional description and actions. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <HeaderRoot className={className}>
      <HeaderText>
        <Title>{title}</Title>
        {description && <Description>{description}</Description>}
      </HeaderText>
      {actions && <Actions>{actions}</Actions>}
    </HeaderRoot>
  );
}
