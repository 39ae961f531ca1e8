import styled from 'styled-components';
import { mediaMd } from '../../tokens/tokens';

export const HeaderRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
  padding: var(--space-4) 0;

  ${mediaMd} {
    flex-direction: row;
    align-items: flex-end;
    justify-content: space-between;
  }
`;

export const HeaderText = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  min-width: 0;
`;

export const Title = styled.h1`
  margin: 0;
  font-size: var(--font-size-xxl);
  font-weight: 700;
  line-height: 1.4;
`;

export const Description = styled.p`
  margin: 0;
  color: var(--color-muted);
  font-size: var(--font-size-sm);
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
`;
