import styled from 'styled-components';

export const ConsentPanelRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-4);
  min-width: 0;
`;

/** The text scrolls in its own box, so the tick and the name stay near it on a phone. */
export const Body = styled.div`
  max-height: 45vh;
  overflow-y: auto;
  padding: var(--space-3) var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface-alt);
  color: var(--color-text);
  font-size: var(--font-size-sm);
  line-height: var(--font-line-height);
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  &:focus-visible {
    outline: none;
    box-shadow: var(--focus-ring);
  }
`;

export const AgreeError = styled.p`
  margin: 0;
  font-size: var(--font-size-xs);
  font-weight: 600;
  color: var(--color-danger);
`;
