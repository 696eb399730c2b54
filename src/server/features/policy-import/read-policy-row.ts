import { z } from 'zod'
import { type Cell, cellText, zipText } from '#server/platform/spreadsheet-import/cell-values.ts'
import { fillText } from '#server/platform/spreadsheet-import/import-errors.ts'
import { parseDateCell } from '#server/platform/spreadsheet-import/parse-date.ts'
import {
  type PolicyImportColumn,
  POLICY_IMPORT_TEXTS as T,
} from '#shared/contracts/policy-import.contract.ts'
import { INSURANCE_TYPES, type InsuranceType } from '#shared/domain/insurance-types.ts'
import { daysBetween } from '#shared/domain/policy-ledger.ts'
import type { PolicyColumnPositions } from './match-policy-columns.ts'
import type { PolicyRow } from './policy-chunk.service.ts'

export interface RowProblem {
  field: PolicyImportColumn
  message: string
}

export type PolicyRowResult = { policy: PolicyRow; problems?: undefined } | { problems: RowProblem[] }

const EMAIL_PATTERN = z.regexes.email
/** The same bounds as entering a policy by hand and adding a client or a carrier. */
const MAX_LENGTH: Partial<Record<PolicyImportColumn, number>> = {
  'Policy Number': 60,
  Carrier: 120,
  'Insured First Name': 100,
  'Insured Last Name': 100,
  'Insured Email': 254,
  'ZIP Code': 10,
  'Producer Email': 254,
}
const MAX_TERM_DAYS = 3 * 366
const MAX_PREMIUM_CENTS = 100_000_000_00
/** Control characters no cell of a real book holds (NUL first among them); tab and line ends are fine. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/
/** Two-digit years read as 2000–2079: a book's dates are recent or coming, never 1927. */
const DATE_PIVOT = new Date(Date.UTC(2079, 11, 31))

/** The five lines, and the words agency systems write them with. */
const LINES = new Map<string, InsuranceType>([
  ...INSURANCE_TYPES.map((line) => [line, line] as const),
  ['automobile', 'auto'],
  ['personalauto', 'auto'],
  ['home', 'property'],
  ['homeowners', 'property'],
  ['health', 'healthcare'],
  ['commerciallines', 'commercial'],
])

interface Reading {
  cells: Cell[]
  positions: PolicyColumnPositions
  problems: RowProblem[] | undefined
}

function cellOf(r: Reading, column: PolicyImportColumn): Cell {
  const index = r.positions[column]
  return index === undefined ? null : (r.cells[index] ?? null)
}

function problem(r: Reading, field: PolicyImportColumn, message: string): void {
  r.problems ??= []
  r.problems.push({ field, message })
}

/** The cell's text, checked for control characters and length; required ones must hold something. */
function text(
  r: Reading,
  column: PolicyImportColumn,
  required: boolean,
  value = cellText(cellOf(r, column)),
) {
  if (!value && required) problem(r, column, fillText(T.required, { field: column }))
  if (CONTROL.test(value)) problem(r, column, fillText(T.controlCharacters, { field: column }))
  const max = MAX_LENGTH[column]
  if (max !== undefined && value.length > max) problem(r, column, fillText(T.tooLong, { field: column, max }))
  return value
}

function email(r: Reading, column: PolicyImportColumn): string | null {
  const value = text(r, column, false).toLowerCase()
  if (value && !EMAIL_PATTERN.test(value)) problem(r, column, fillText(T.invalidEmail, { field: column }))
  return value || null
}

function date(r: Reading, column: PolicyImportColumn, date1904: boolean): string {
  const cell = cellOf(r, column)
  if (!text(r, column, true, cellText(cell))) return ''
  const iso = parseDateCell(cell, { date1904, today: DATE_PIVOT })
  if (!iso || iso < '1900-01-01') problem(r, column, fillText(T.invalidDate, { field: column }))
  return iso ?? ''
}

/** Dollars and cents, 0 or more: a number cell, or text like '1,234.50' or '$980'. */
function premium(r: Reading): number {
  const cell = cellOf(r, 'Annual Premium')
  const written = text(r, 'Annual Premium', true, cellText(cell))
  if (!written) return 0
  const dollars =
    typeof cell === 'number'
      ? cell
      : /^\$?\s*\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\$?\s*\d+(\.\d{1,2})?$/.test(written)
        ? Number(written.replace(/[$,\s]/g, ''))
        : Number.NaN
  const cents = Math.round(dollars * 100)
  if (
    !Number.isFinite(dollars) ||
    dollars < 0 ||
    Math.abs(dollars * 100 - cents) > 1e-6 ||
    cents > MAX_PREMIUM_CENTS
  ) {
    problem(r, 'Annual Premium', T.invalidPremium)
  }
  return cents
}

/** Turns a data row into a policy of the book, or lists every problem of the row (one per field). */
export function readPolicyRow(
  cells: Cell[],
  positions: PolicyColumnPositions,
  date1904: boolean,
): PolicyRowResult {
  const r: Reading = { cells, positions, problems: undefined }
  const policyNumber = text(r, 'Policy Number', true)
  const carrier = text(r, 'Carrier', true)
  const lineText = text(r, 'Line of Business', true)
  const lineOfBusiness = LINES.get(lineText.toLowerCase().replace(/[^a-z]/g, ''))
  if (lineText && !lineOfBusiness) problem(r, 'Line of Business', T.invalidLine)
  const firstName = text(r, 'Insured First Name', true)
  const lastName = text(r, 'Insured Last Name', true)
  const insuredEmail = email(r, 'Insured Email')
  const zipCode = text(r, 'ZIP Code', false, zipText(cellOf(r, 'ZIP Code'))) || null
  const effectiveDate = date(r, 'Effective Date', date1904)
  const expirationDate = date(r, 'Expiration Date', date1904)
  if (effectiveDate && expirationDate && !r.problems?.some((p) => p.field.endsWith('Date'))) {
    const days = daysBetween(effectiveDate, expirationDate)
    if (days <= 0) problem(r, 'Expiration Date', T.expirationBeforeEffective)
    else if (days > MAX_TERM_DAYS) problem(r, 'Expiration Date', T.termTooLong)
  }
  const premiumCents = premium(r)
  const producerEmail = email(r, 'Producer Email')
  if (r.problems) return { problems: r.problems }
  return {
    policy: {
      policyNumber,
      carrier,
      lineOfBusiness: lineOfBusiness!,
      firstName,
      lastName,
      email: insuredEmail,
      zipCode,
      effectiveDate,
      expirationDate,
      premiumCents,
      producerEmail,
    },
  }
}
