import { stringify } from 'csv-stringify/sync';

/**
 * The first characters with which a spreadsheet (Excel, LibreOffice, Google Sheets) reads a cell
 * as a formula or a command: `= + - @`, and tab and carriage return, which some of them skip
 * before looking (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that cannot run as a formula: one that starts like one gets a single quote in front
 * (OWASP's advice), which the spreadsheet shows as text; every other cell is left as written.
 * Numbers are not text and are never touched (a negative count stays a number).
 */
export const neutraliseCsvCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/**
 * The one way this application writes a CSV for spreadsheet software: a UTF-8 BOM (so Excel reads
 * the Japanese), a header row, CRLF line ends, RFC 4180 quoting (csv-stringify), and every text
 * cell, headers included, neutralised against formula injection (`neutraliseCsvCell`). Reports and
 * the access-audit export both go through it.
 */
export const spreadsheetCsv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  '\uFEFF' +
  stringify(
    rows.map((row) => [...row]),
    {
      header: true,
      columns: [...header],
      record_delimiter: '\r\n',
      cast: { string: (value) => neutraliseCsvCell(value) },
    },
  );
