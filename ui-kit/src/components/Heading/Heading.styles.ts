import styled from 'styled-components';

export const HeadingRoot = styled.h2`
  margin: 0;

  &[data-size='sm'] {
    font-size: var(--font-size-sm);
  }
  &[data-size='md'] {
    font-size: var(--font-size-md);
  }
  &[data-size='lg'] {
    font-size: var(--font-size-lg);
  }
  &[data-size='xl'] {
    font-size: var(--font-size-xl);
  }
  &[data-size='xxl'] {
    font-size: var(--font-size-xxl);
  }

  &[data-tone='muted'] {
    color: var(--color-muted);
  }

  /* Focused by the page (a step reached) rather than by the user: no ring. */
  &[tabindex='-1']:focus {
    outline: none;
  }
`;
