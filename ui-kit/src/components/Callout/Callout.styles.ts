import styled from 'styled-components';

export const CalloutRoot = styled.div`
  margin: 0;
  padding: var(--space-3);
  border-radius: var(--radius-md);
  background: var(--color-danger-soft);
  color: var(--color-danger);
  font-weight: 600;

  &[data-tone='warning'] {
    background: var(--color-warning-soft);
    color: var(--color-warning);
  }
  &[data-tone='success'] {
    background: var(--color-success-soft);
    color: var(--color-success);
  }
  &[data-tone='info'] {
    background: var(--color-info-soft);
    color: var(--color-info);
  }

  &[data-size='sm'] {
    padding: var(--space-2) var(--space-3);
    font-size: var(--font-size-sm);
  }

  p {
    margin: 0;
  }
  a {
    color: inherit;
  }
`;
