import styled from 'styled-components';
import { FieldLabel } from '../shared/field.styles';

export const FormRendererRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-5);
  min-width: 0;

  /* A question reads as a question: its label at body size, not a small field caption. */
  & ${FieldLabel} {
    font-size: var(--font-size-md);
  }
`;
