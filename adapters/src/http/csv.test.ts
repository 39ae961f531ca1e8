import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell, spreadsheetCsv } from './csv';

describe('CSV cells against formula injection (OWASP)', () => {
  it.each(['=1+1', '+81-3-1111', '-2+3', '@SUM(A1)', '\t=cmd', '\r=cmd', '=HYPERLINK("http://evil.example","x")'])(
    'prefixes %j with a single quote',
    (cell) => {
      expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['山田 花子', '1+1', 'a=b', ' =1', "'=1", '', '2026-11-24T10:00:00+09:00'])('leaves %j as written', (cell) => {
    expect(neutraliseCsvCell(cell)).toBe(cell);
  });

  it('neutralises text cells and headers, quotes by RFC 4180, and leaves numbers alone', () => {
    const csv = spreadsheetCsv(
      ['氏名', '=件数'],
      [
        ['=HYPERLINK("http://evil.example")', -3],
        ['@山田', 0],
        ['佐藤, 花子', 12],
      ],
    );
    expect(csv).toBe('\uFEFF' + ["氏名,'=件数", `"'=HYPERLINK(""http://evil.example"")",-3`, "'@山田,0", '"佐藤, 花子",12', ''].join('\r\n'));
  });
});
