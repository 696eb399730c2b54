import { saveFile } from './save-file.ts'

/** A cell a spreadsheet would run as a formula is kept as text (CSV injection). */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** RFC 4180 CSV with a header row, lines ended by CRLF. */
export function toCsv(columns: readonly { key: string; label: string }[], rows: readonly object[]): string {
  const lines = [columns.map((column) => cell(column.label)).join(',')]
  for (const row of rows) {
    const record = row as Record<string, unknown>
    lines.push(columns.map((column) => cell(record[column.key])).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}

export function downloadCsv(
  fileName: string,
  columns: readonly { key: string; label: string }[],
  rows: readonly object[],
) {
  saveFile(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), fileName)
}
