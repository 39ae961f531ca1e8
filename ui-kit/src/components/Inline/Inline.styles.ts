import styled from 'styled-components';
import { mediaMd } from '../../tokens/tokens';
import { listReset, spaceRules } from '../shared/layout';

export const InlineRoot = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-2);
  min-width: 0;

  ${spaceRules('gap', 'gap')}
  ${spaceRules('row-gap', 'row-gap')}

  &[data-wrap='false'] {
    flex-wrap: nowrap;
  }

  &[data-justify='end'] {
    justify-content: flex-end;
  }
  &[data-justify='between'] {
    justify-content: space-between;
  }
  &[data-justify='center'] {
    justify-content: center;
  }

  &[data-align='start'] {
    align-items: flex-start;
  }
  &[data-align='end'] {
    align-items: flex-end;
  }
  &[data-align='baseline'] {
    align-items: baseline;
  }
  &[data-align='stretch'] {
    align-items: stretch;
  }

  &[data-grow='always'] > *,
  &[data-grow='phone'] > * {
    flex: 1 1 auto;
  }
  ${mediaMd} {
    &[data-grow='phone'] > * {
      flex: 0 0 auto;
    }
  }

  &:is(p) {
    margin: 0;
  }
  ${listReset}
`;
