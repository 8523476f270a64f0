/** Rows as CSV (RFC 4180, CRLF line ends), every field defused for spreadsheets. */
export function toCsv(rows: string[][]): string {
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}

function csvField(value: string): string {
  // Quote when needed; a leading =, +, -, @, tab or CR is defused (OWASP's list) so a spreadsheet never runs it as a
  // formula; a plain negative number stays a number.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
