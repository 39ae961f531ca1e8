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
    text-align: center;
  }
`;
