import styled from 'styled-components';
import { listReset, spaceRules } from '../shared/layout';

/* One column that may shrink below its content's widest line (a tab list or a table then scrolls inside). */
export const StackRoot = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: var(--space-4);
  min-width: 0;

  ${spaceRules('gap', 'gap')}

  &[data-align='start'] {
    justify-items: start;
  }
  &[data-align='center'] {
    justify-items: center;
  }
  &[data-align='end'] {
    justify-items: end;
  }

  &:is(p) {
    margin: 0;
  }
  ${listReset}
`;
