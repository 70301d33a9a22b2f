// RFC 4180 CSV for the studio's exports. A cell a spreadsheet would read as a formula (= + - @, or a
// tab or carriage return that hides one) gets a leading apostrophe first (OWASP "CSV injection"), so
// a name, prompt or id somebody typed cannot run when the export is opened.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One text cell: defused, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
