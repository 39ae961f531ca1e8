import styled, { createGlobalStyle } from 'styled-components';

/**
 * Printing a sheet prints it alone: the staff layout's header and navigation and the page's buttons
 * are left out, the sheet takes the paper's width in black on white, and each sheet of a member's
 * export starts on a new page.
 */
export const PrintStyles = createGlobalStyle`
  @page { size: A4; margin: 15mm; }
  @media print {
    body * { visibility: hidden; }
    [data-print-sheet], [data-print-sheet] * { visibility: visible; }
    [data-print-sheet] { position: absolute; inset: 0 auto auto 0; width: 100%; margin: 0; padding: 0; border: 0; box-shadow: none; color: #000; background: #fff; }
    [data-print-hide] { display: none !important; }
    [data-print-sheet] article + article { break-before: page; }
  }
`;

/** The paper: a white sheet with a frame on screen. */
export const PrintSheet = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-6);
  max-width: 800px;
  padding: var(--space-6);
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);

  article {
    display: flex;
    flex-direction: column;
    gap: var(--space-3);
  }
  h1 {
    margin: 0;
    font-size: var(--font-size-xl);
  }
  @media (max-width: 600px) {
    padding: var(--space-4);
  }
`;
