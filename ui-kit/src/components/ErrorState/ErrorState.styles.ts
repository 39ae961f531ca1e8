import styled from 'styled-components';

export const ErrorStateRoot = styled.div`
  display: grid;
  gap: var(--space-3);
  justify-items: start;

  & > p {
    margin: 0;
  }

  &[data-align='center'] {
    justify-items: center;
    padding: var(--space-6) var(--space-3);
    text-align: center;
  }
`;
