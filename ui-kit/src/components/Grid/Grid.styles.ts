import styled from 'styled-components';
import { mediaLg, mediaMd } from '../../tokens/tokens';
import { listReset, spaceRules } from '../shared/layout';

/*
 * One column on a phone; from the breakpoint on, the columns in `--grid-columns` (set by
 * `data-columns`, or by the caller's `template` as an inline custom property). `data-fit` fills
 * each row with as many columns of at least `--grid-min` as fit, at every width.
 */
export const GridRoot = styled.div`
  display: grid;
  gap: var(--space-4);
  grid-template-columns: minmax(0, 1fr);
  min-width: 0;

  ${spaceRules('gap', 'gap')}

  &[data-columns='2'] {
    --grid-columns: repeat(2, minmax(0, 1fr));
  }
  &[data-columns='3'] {
    --grid-columns: repeat(3, minmax(0, 1fr));
  }
  &[data-columns='4'] {
    --grid-columns: repeat(4, minmax(0, 1fr));
  }

  ${mediaMd} {
    &[data-from='md'] {
      grid-template-columns: var(--grid-columns, minmax(0, 1fr));
    }
  }
  ${mediaLg} {
    &[data-from='lg'] {
      grid-template-columns: var(--grid-columns, minmax(0, 1fr));
    }
  }

  &[data-fit] {
    grid-template-columns: repeat(auto-fit, minmax(var(--grid-min), 1fr));
  }

  &[data-align='start'] {
    align-items: start;
  }
  &[data-align='end'] {
    align-items: end;
  }
  &[data-align='center'] {
    align-items: center;
  }

  & > [data-wide] {
    grid-column: 1 / -1;
  }

  ${listReset}
`;
