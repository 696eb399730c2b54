import { z } from 'zod'
import type { SpreadsheetClient } from '#server/features/clients/clients.service.ts'
import {
  type Cell,
  cellText,
  countDigits,
  phoneText,
  zipText,
} from '#server/platform/spreadsheet-import/cell-values.ts'
import { fillText } from '#server/platform/spreadsheet-import/import-errors.ts'
import { parseBirthDate } from '#server/platform/spreadsheet-import/parse-date.ts'
import { IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { CLIENT_MESSAGES, INSURANCE_TYPES } from '#shared/contracts/clients.contract.ts'
import type { ColumnPositions, ImportColumn } from './match-columns.ts'

export interface RowProblem {
  field: ImportColumn
  message: string
}

export type ClientRowResult = { client: SpreadsheetClient; problems?: undefined } | { problems: RowProblem[] }

// The same email rule (z.email()'s pattern, tested directly: a safeParse a row costs more than the
// rest of the row) and lengths as the Add Client form, so an imported client can be edited there.
const EMAIL_PATTERN = z.regexes.email
const MAX_LENGTH: Partial<Record<ImportColumn, number>> = {
  'First Name': 100,
  'Last Name': 100,
  Phone: 30,
  Address: 200,
  City: 100,
  State: 50,
  'Zip Code': 10,
  Notes: 5000,
}
const INSURANCE_TYPE_SET = new Set<string>(INSURANCE_TYPES)

interface RowReading {
  cells: Cell[]
  positions: ColumnPositions
  problems: RowProblem[] | undefined
}

// Plain functions over a RowReading rather than closures inside readClientRow: this runs for every
// row, and closures made per row (each one named by the TypeScript loader) cost as much as the checks.
function cellOf(reading: RowReading, column: ImportColumn): Cell {
  const index = reading.positions[column]
  return index === undefined ? null : (reading.cells[index] ?? null)
}

function problem(reading: RowReading, field: ImportColumn, message: string): void {
  reading.problems ??= []
  reading.problems.push({ field, message })
}

function checked(reading: RowReading, column: ImportColumn, value: string): string {
  const max = MAX_LENGTH[column]
  if (max !== undefined && value.length > max) {
    problem(reading, column, CLIENT_MESSAGES.tooLong.replace('{max}', String(max)))
  }
  return value
}

function required(reading: RowReading, column: ImportColumn, value: string): string {
  if (!value) problem(reading, column, fillText(IMPORT_TEXTS.required, { field: column }))
  return checked(reading, column, value)
}

/** Turns a data row into a client, or lists every problem of the row (one per field). */
export function readClientRow(
  cells: Cell[],
  positions: ColumnPositions,
  options: { date1904: boolean; today?: Date },
): ClientRowResult {
  const r: RowReading = { cells, positions, problems: undefined }
  const firstName = required(r, 'First Name', cellText(cellOf(r, 'First Name')))
  const lastName = required(r, 'Last Name', cellText(cellOf(r, 'Last Name')))
  const email = required(r, 'Email', cellText(cellOf(r, 'Email')).toLowerCase())
  if (email && (email.length > 254 || !EMAIL_PATTERN.test(email))) {
    problem(r, 'Email', IMPORT_TEXTS.invalidEmail)
  }
  const phone = required(r, 'Phone', phoneText(cellOf(r, 'Phone')))
  if (phone && countDigits(phone) < 10) problem(r, 'Phone', IMPORT_TEXTS.invalidPhone)

  const client: SpreadsheetClient = { firstName, lastName, email, phone }
  const birth = cellOf(r, 'Date of Birth')
  if (cellText(birth)) {
    const iso = parseBirthDate(birth, options)
    if (iso) client.dateOfBirth = iso
    else problem(r, 'Date of Birth', IMPORT_TEXTS.invalidDate)
  }
  const insuranceType = cellText(cellOf(r, 'Insurance Type')).toLowerCase()
  if (insuranceType) {
    if (INSURANCE_TYPE_SET.has(insuranceType))
      client.insuranceType = insuranceType as SpreadsheetClient['insuranceType']
    else problem(r, 'Insurance Type', IMPORT_TEXTS.invalidInsuranceType)
  }
  const address = checked(r, 'Address', cellText(cellOf(r, 'Address')))
  const city = checked(r, 'City', cellText(cellOf(r, 'City')))
  const state = checked(r, 'State', cellText(cellOf(r, 'State')))
  const zipCode = checked(r, 'Zip Code', zipText(cellOf(r, 'Zip Code')))
  const notes = checked(r, 'Notes', cellText(cellOf(r, 'Notes')))
  if (address) client.address = address
  if (city) client.city = city
  if (state) client.state = state
  if (zipCode) client.zipCode = zipCode
  if (notes) client.notes = notes
  return r.problems ? { problems: r.problems } : { client }
}
