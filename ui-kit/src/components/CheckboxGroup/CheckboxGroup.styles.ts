import styled from 'styled-components';
import { CheckboxGroup as RACCheckboxGroup } from 'react-aria-components';

export const StyledCheckboxGroup = styled(RACCheckboxGroup)`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;
`;

export const Options = styled.div`
  display: flex;
  flex-direction: column;
`;
