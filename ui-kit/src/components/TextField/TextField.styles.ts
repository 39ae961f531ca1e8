import styled from 'styled-components';
import { TextField as RACTextField } from 'react-aria-components';

export const StyledTextField = styled(RACTextField)`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;
`;
