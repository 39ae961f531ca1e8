import styled from 'styled-components';

export const BadgeRoot = styled.span`
  display: inline-block;
  justify-self: start;
  padding: 2px var(--space-2);
  border-radius: var(--radius-full);
  font-size: var(--font-size-xs);
  font-weight: 700;
  white-space: nowrap;
  vertical-align: middle;
  background: var(--color-surface-alt);
  color: var(--color-muted);

  &[data-tone='primary'] {
    background: var(--color-primary-soft);
    color: var(--color-primary);
  }
  &[data-tone='success'] {
    background: var(--color-success-soft);
    color: var(--color-success);
  }
  &[data-tone='warning'] {
    background: var(--color-warning-soft);
    color: var(--color-warning);
  }
  &[data-tone='danger'] {
    background: var(--color-danger-soft);
    color: var(--color-danger);
  }
  &[data-tone='info'] {
    background: var(--color-info-soft);
    color: var(--color-info);
  }

  /* Outlined: a lighter, framed pill for attributes listed side by side (kind, price, length). */
  &[data-variant='outline'] {
    padding: 0 var(--space-2);
    line-height: 1.8;
    font-weight: 400;
    border: 1px solid transparent;
  }
  &[data-variant='outline'][data-tone='neutral'] {
    border-color: var(--color-border);
  }
  &[data-variant='outline'][data-tone='warning'] {
    border-color: var(--color-warning);
    font-weight: 600;
  }
`;
