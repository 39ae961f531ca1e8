import styled from 'styled-components';

export const TextRoot = styled.p`
  margin: 0;

  &[data-tone='muted'] {
    color: var(--color-muted);
  }
  &[data-tone='danger'] {
    color: var(--color-danger);
  }
  &[data-tone='warning'] {
    color: var(--color-warning);
  }
  &[data-tone='success'] {
    color: var(--color-success);
  }

  &[data-size='xs'] {
    font-size: var(--font-size-xs);
  }
  &[data-size='sm'] {
    font-size: var(--font-size-sm);
  }
  &[data-size='md'] {
    font-size: var(--font-size-md);
  }
  &[data-size='lg'] {
    font-size: var(--font-size-lg);
  }

  &[data-weight='normal'] {
    font-weight: 400;
  }
  &[data-weight='semibold'] {
    font-weight: 600;
  }
  &[data-weight='bold'] {
    font-weight: 700;
  }

  &[data-pre] {
    white-space: pre-wrap;
  }
`;
