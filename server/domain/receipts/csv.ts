/**
 * CSV (RFC 4180, CRLF) safe to open in a spreadsheet: a cell beginning with = + - @, a tab or a carriage return is
 * prefixed with ' so that it is read as text, never as a formula (OWASP CSV injection); a cell with a comma, a quote
 * or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => cells.map(csvCell).join(',');

/** The whole file: a header line, the rows, CRLF after each line. */
export const csvFile = (header: readonly string[], rows: readonly (readonly string[])[]) => [header, ...rows].map((cells) => `${csvLine(cells)}\r\n`).join('');
