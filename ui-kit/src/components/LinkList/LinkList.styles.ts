import styled from 'styled-components';

export const LinkListRoot = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: var(--space-2);

  a {
    color: var(--color-primary);
  }
`;
