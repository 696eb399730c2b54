import { z } from 'zod'
import type { ImportedClient } from '#server/features/clients/clients.service.ts'
import { IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { CLIENT_MESSAGES, INSURANCE_TYPES } from '#shared/contracts/clients.contract.ts'
import { type Cell, cellText, countDigits, phoneText, zipText } from './cell-values.ts'
import { fillText } from './import-errors.ts'
import type { ColumnPositions, ImportColumn } from './match-columns.ts'
import { parseBirthDate } from './parse-date.ts'

export interface RowProblem {
  field: ImportColumn
  message: string
}

export type ClientRowResult = { client: ImportedClient; problems?: undefined } | { problems: RowProblem[] }

// The same email rule and lengths as the Add Client form, so an imported client can be edited there.
const emailSchema = z.email()
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

/** Turns a data row into a client, or lists every problem of the row (one per field). */
export function readClientRow(
  cells: Cell[],
  positions: ColumnPositions,
  options: { date1904: boolean },
): ClientRowResult {
  const problems: RowProblem[] = []
  const cellOf = (column: ImportColumn): Cell => {
    const index = positions[column]
    return index === undefined ? null : (cells[index] ?? null)
  }
  const checked = (column: ImportColumn, value: string): string => {
    const max = MAX_LENGTH[column]
    if (max !== undefined && value.length > max) {
      problems.push({ field: column, message: CLIENT_MESSAGES.tooLong.replace('{max}', String(max)) })
    }
    return value
  }
  const required = (column: ImportColumn, value: string): string => {
    if (!value) problems.push({ field: column, message: fillText(IMPORT_TEXTS.required, { field: column }) })
    return checked(column, value)
  }

  const firstName = required('First Name', cellText(cellOf('First Name')))
  const lastName = required('Last Name', cellText(cellOf('Last Name')))
  const email = required('Email', cellText(cellOf('Email')).toLowerCase())
  if (email && (email.length > 254 || !emailSchema.safeParse(email).success)) {
    problems.push({ field: 'Email', message: IMPORT_TEXTS.invalidEmail })
  }
  const phone = required('Phone', phoneText(cellOf('Phone')))
  if (phone && countDigits(phone) < 10) problems.push({ field: 'Phone', message: IMPORT_TEXTS.invalidPhone })

  const client: ImportedClient = { firstName, lastName, email, phone }
  const birth = cellOf('Date of Birth')
  if (cellText(birth)) {
    const iso = parseBirthDate(birth, options)
    if (iso) client.dateOfBirth = iso
    else problems.push({ field: 'Date of Birth', message: IMPORT_TEXTS.invalidDate })
  }
  const insuranceType = cellText(cellOf('Insurance Type')).toLowerCase()
  if (insuranceType) {
    if (INSURANCE_TYPE_SET.has(insuranceType))
      client.insuranceType = insuranceType as ImportedClient['insuranceType']
    else problems.push({ field: 'Insurance Type', message: IMPORT_TEXTS.invalidInsuranceType })
  }
  const address = checked('Address', cellText(cellOf('Address')))
  const city = checked('City', cellText(cellOf('City')))
  const state = checked('State', cellText(cellOf('State')))
  const zipCode = checked('Zip Code', zipText(cellOf('Zip Code')))
  const notes = checked('Notes', cellText(cellOf('Notes')))
  if (address) client.address = address
  if (city) client.city = city
  if (state) client.state = state
  if (zipCode) client.zipCode = zipCode
  if (notes) client.notes = notes
  return problems.length > 0 ? { problems } : { client }
}
