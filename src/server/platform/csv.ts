/**
 * One CSV cell. A value starting with = + - @ (or a tab / carriage return) is prefixed with a
 * quote so that a spreadsheet shows it as text instead of running it as a formula (CSV injection).
 * A number is written as it is: its digits cannot hold a formula, and a negative one (a premium
 * change of -4.5%) must stay a number the spreadsheet can sum.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  let text = value instanceof Date ? value.toISOString() : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
