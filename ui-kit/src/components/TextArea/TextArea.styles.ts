import styled from 'styled-components';
import { TextArea as RACTextArea, TextField as RACTextField } from 'react-aria-components';
import { inputCss } from '../shared/field.styles';

export const StyledTextAreaField = styled(RACTextField)`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;
`;

export const StyledTextArea = styled(RACTextArea)`
  ${inputCss}
  min-height: 96px;
  resize: vertical;
`;
