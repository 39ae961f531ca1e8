import styled from 'styled-components';

export const EmptyRoot = styled.p`
  margin: 0;
  padding: var(--space-4);
  border: 1px dashed var(--color-border);
  border-radius: var(--radius-md);
  color: var(--color-muted);
  text-align: center;

  &[data-variant='filled'] {
    border: 0;
    background: var(--color-surface-alt);
  }
`;
