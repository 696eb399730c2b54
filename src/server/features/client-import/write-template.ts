import ExcelJS from 'exceljs'
import {
  IMPORT_OPTIONAL_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  type TEMPLATE_FORMATS,
} from '#shared/contracts/client-import.contract.ts'
import type { ImportColumn } from './match-columns.ts'

export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number]

/** Required columns first, then optional ones, in the contract's order. */
export const TEMPLATE_COLUMNS: readonly ImportColumn[] = [
  ...IMPORT_REQUIRED_COLUMNS,
  ...IMPORT_OPTIONAL_COLUMNS,
]

/** A fictional client: 555-01xx numbers and example.com are reserved for examples. */
export const TEMPLATE_EXAMPLE: Record<ImportColumn, string> = {
  'First Name': 'Jordan',
  'Last Name': 'Sample',
  Email: 'jordan.sample@example.com',
  Phone: '(555) 010-0142',
  'Date of Birth': '1985-03-12',
  Address: '100 Example Street',
  City: 'Springfield',
  State: 'IL',
  'Zip Code': '62701',
  'Insurance Type': 'auto',
  Notes: 'Prefers email contact',
}

/**
 * CSV injection: a spreadsheet program runs a cell that starts with = + - @ (or a tab or carriage
 * return that hides one) as a formula. A leading apostrophe makes it text and is not displayed.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

export function toCsvLine(values: readonly string[]): string {
  return values
    .map((value) => {
      const safe = neutralizeFormula(value)
      return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
    })
    .join(',')
}

/** With a UTF-8 byte order mark, which is how Excel knows the file is UTF-8; CRLF as Excel writes. */
export function writeCsvTemplate(): Buffer {
  const lines = [TEMPLATE_COLUMNS, TEMPLATE_COLUMNS.map((column) => TEMPLATE_EXAMPLE[column])]
  return Buffer.from(`\uFEFF${lines.map(toCsvLine).join('\r\n')}\r\n`, 'utf8')
}

const WIDTHS: Partial<Record<ImportColumn, number>> = { Email: 30, Address: 28, Notes: 36 }
// Typed as text so Excel keeps a phone's or zip code's leading zero and does not reformat it.
const TEXT_COLUMNS = new Set<ImportColumn>(['Phone', 'Zip Code'])

export async function writeXlsxTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Clients', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = TEMPLATE_COLUMNS.map((column) => ({
    header: column,
    key: column,
    width: WIDTHS[column] ?? Math.max(14, column.length + 4),
    style: TEXT_COLUMNS.has(column) ? { numFmt: '@' } : {},
  }))
  sheet.getRow(1).font = { bold: true }
  const [year, month, day] = TEMPLATE_EXAMPLE['Date of Birth'].split('-').map(Number)
  sheet.addRow({ ...TEMPLATE_EXAMPLE, 'Date of Birth': new Date(Date.UTC(year!, month! - 1, day)) })
  sheet.getCell(2, TEMPLATE_COLUMNS.indexOf('Date of Birth') + 1).numFmt = 'yyyy-mm-dd'
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

export const TEMPLATE_CONTENT_TYPES: Record<TemplateFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}

let xlsxTemplate: Promise<Buffer> | undefined

/** The template never changes while the process runs, so it is built once. */
export function writeTemplate(format: TemplateFormat): Promise<Buffer> {
  if (format === 'csv') return Promise.resolve(writeCsvTemplate())
  xlsxTemplate ??= writeXlsxTemplate().catch((error: unknown) => {
    xlsxTemplate = undefined
    throw error
  })
  return xlsxTemplate
}
