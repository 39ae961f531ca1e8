import styled from 'styled-components';
import { spaceRules } from '../shared/layout';

export const FieldGroupRoot = styled.fieldset`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: var(--space-3);
  min-width: 0;
  margin: 0;
  padding: var(--space-3) var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);

  ${spaceRules('gap', 'gap')}
  ${spaceRules('row-gap', 'row-gap')}

  &[data-invalid] {
    border-color: var(--color-danger);
  }

  & > legend {
    padding: 0 var(--space-2);
    font-weight: 600;
  }

  &[data-layout='inline'] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
  }

  &[data-variant='plain'] {
    padding: 0;
    border: 0;
    border-radius: 0;
  }
  &[data-variant='plain'] > legend {
    padding: 0;
    margin-bottom: var(--space-1);
    font-size: var(--font-size-sm);
  }
`;
