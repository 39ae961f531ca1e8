import styled from 'styled-components';

/*
 * The button sits level with the input, not with the label above it: it is pushed down by one
 * label line (the field label's size and line height) and the gap under the label.
 */
export const FieldRowRoot = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: var(--space-3);

  & > :first-child {
    flex: 1 1 220px;
  }

  & > button {
    margin-top: calc(var(--font-size-sm) * var(--font-line-height) + var(--space-1));
  }
`;
