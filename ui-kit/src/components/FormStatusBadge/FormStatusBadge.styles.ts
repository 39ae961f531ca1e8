import styled from 'styled-components';

export const FormStatusBadgeRoot = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-1);
  min-width: 0;
  max-width: 100%;

  &[data-size='sm'] {
    flex-wrap: nowrap;
  }
  &[data-size='sm'] .ui-kit-form-flags {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

export const FlagList = styled.ul`
  display: inline-flex;
  flex-wrap: wrap;
  gap: var(--space-1);
  margin: 0;
  padding: 0;
  list-style: none;
`;
