import styled from 'styled-components';

export const FactListRoot = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: var(--space-2) var(--space-4);
  margin: 0;

  dt {
    color: var(--color-muted);
    font-size: var(--font-size-sm);
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }

  dd ul {
    margin: 0;
    padding-left: 1.2em;
  }

  &[data-emphasis] dd {
    font-weight: 600;
  }
`;
