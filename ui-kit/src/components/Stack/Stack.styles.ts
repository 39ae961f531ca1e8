import styled from 'styled-components';
import { listReset, spaceRules } from '../shared/layout';

export const StackRoot = styled.div`
  display: grid;
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
