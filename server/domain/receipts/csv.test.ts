import { describe, expect, it } from 'vitest';
import { csvCell, csvFile } from './csv.ts';

describe('statement CSV', () => {
  it('makes every cell that a spreadsheet would run as a formula text', () => {
    expect(['=1+1', '+44 7700', '-2', '@SUM(A1)', '\tx', '\rx', 'plain', ' =not first', '£12.00'].map(csvCell)).toEqual([
      "'=1+1",
      "'+44 7700",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
      'plain',
      ' =not first',
      '£12.00',
    ]);
  });

  it('quotes commas, quotes and line breaks (RFC 4180), CRLF after each line', () => {
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvFile(['A', 'B'], [['1', '=2'], ['', 'x,y']])).toBe("A,B\r\n1,'=2\r\n,\"x,y\"\r\n");
  });
});
