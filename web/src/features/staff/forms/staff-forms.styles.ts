import styled from 'styled-components';

export const Response = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-3);
  min-width: 0;
`;

export const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-2);
`;

/** Question and answer pairs; a flagged answer and a changed one stand out. */
export const Answers = styled.dl`
  display: grid;
  grid-template-columns: 1fr;
  gap: 0;
  margin: 0;
  border-top: 1px solid var(--color-border);

  & > div {
    display: grid;
    grid-template-columns: 1fr;
    gap: var(--space-1);
    padding: var(--space-2) 0;
    border-bottom: 1px solid var(--color-border);
  }
  @media (min-width: 768px) {
    & > div {
      grid-template-columns: minmax(200px, 2fr) 3fr;
      gap: var(--space-4);
    }
  }
  dt {
    font-size: var(--font-size-sm);
    color: var(--color-muted);
  }
  dd {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--space-2);
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  & > div[data-flagged] {
    background: var(--color-danger-soft);
    padding-left: var(--space-2);
    padding-right: var(--space-2);
  }
`;

export const Previous = styled.span`
  flex-basis: 100%;
  font-size: var(--font-size-sm);
  font-weight: 400;
  color: var(--color-warning);
`;

export const Body = styled.div`
  padding: var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface-alt);
  font-size: var(--font-size-sm);
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

export const Hash = styled.p`
  margin: 0;
  font-family: ui-monospace, monospace;
  font-size: var(--font-size-xs);
  color: var(--color-muted);
  overflow-wrap: anywhere;
`;

/**
 * Printing one response: only the element marked \`data-print-target\` and what is inside it; the
 * staff header, the nav and the other responses are left out, on white.
 */
export const PrintRoot = styled.div`
  @media print {
    & [data-print-hide] {
      display: none !important;
    }
    &[data-printing] [data-response]:not([data-print-target]) {
      display: none !important;
    }
  }
`;

/** The drawn signature on a white ground with a thin frame, as on paper. */
export const SignatureImage = styled.img`
  flex-basis: 100%;
  display: block;
  max-width: min(100%, 360px);
  height: auto;
  max-height: 180px;
  object-fit: contain;
  background: #fff;
  border: 1px solid var(--color-border);
  border-radius: var(--radius-sm, 4px);
`;
