import styled from 'styled-components';
import { spaceRules } from '../shared/layout';

export const ContainerRoot = styled.div`
  max-width: 960px;
  margin: 0 auto;
  padding-inline: var(--space-4);

  &[data-width='medium'] {
    max-width: 640px;
  }
  &[data-width='narrow'] {
    max-width: 480px;
  }

  ${spaceRules('pt', 'padding-top')}
  ${spaceRules('pb', 'padding-bottom')}
`;
