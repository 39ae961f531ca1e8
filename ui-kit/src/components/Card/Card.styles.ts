import styled from 'styled-components';

export const CardRoot = styled.section`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
  padding: var(--space-4);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  box-shadow: var(--shadow-sm);
  min-width: 0;

  &[data-spacious] {
    padding: var(--space-5) var(--space-4);
  }

  /* A coloured edge: the top for an outcome (success), the left for a notice to read. */
  &[data-accent='success'] {
    border-top: 4px solid var(--color-success);
  }
  &[data-accent='primary'] {
    border-left: 4px solid var(--color-primary);
  }
`;

export const CardTitle = styled.h2`
  margin: 0;
  font-size: var(--font-size-lg);
  font-weight: 700;
  line-height: 1.5;

  &[data-size='md'] {
    font-size: var(--font-size-md);
  }
`;

export const CardBody = styled.div`
  min-width: 0;
`;

export const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: var(--space-2);
`;
