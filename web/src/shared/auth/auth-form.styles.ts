import styled from 'styled-components';

/** The link back (to login) below the form. */
export const Back = styled.p`
  margin: 0;

  a {
    color: var(--color-primary);
  }
`;
