import type { Cell } from '#server/platform/spreadsheet-import/cell-values.ts'
import { matchHeader } from '#server/platform/spreadsheet-import/match-header.ts'
import {
  type IMPORT_OPTIONAL_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_TEXTS,
} from '#shared/contracts/client-import.contract.ts'

export { normalizeHeader } from '#server/platform/spreadsheet-import/match-header.ts'

export type ImportColumn = (typeof IMPORT_REQUIRED_COLUMNS)[number] | (typeof IMPORT_OPTIONAL_COLUMNS)[number]

/** Where each known column sits in a row (0-based); unknown columns are ignored. */
export type ColumnPositions = Partial<Record<ImportColumn, number>>

/**
 * Header names people actually use, compared without case, spaces or punctuation ('FIRST_NAME',
 * ' First  Name ', 'E-mail'). The contract's own name comes first, so a sheet with both 'Phone'
 * and 'Mobile' binds 'Phone'.
 */
const ALIASES: Record<ImportColumn, string[]> = {
  'First Name': ['firstname', 'givenname', 'forename'],
  'Last Name': ['lastname', 'surname', 'familyname'],
  Email: ['email', 'emailaddress'],
  Phone: ['phone', 'phonenumber', 'telephone', 'telephonenumber', 'mobile', 'mobilenumber', 'cellphone'],
  'Date of Birth': ['dateofbirth', 'dob', 'birthdate', 'birthday'],
  Address: ['address', 'streetaddress', 'street', 'address1', 'addressline1'],
  City: ['city', 'town'],
  State: ['state', 'province', 'stateprovince'],
  'Zip Code': ['zipcode', 'zip', 'postalcode', 'postcode', 'zippostalcode'],
  'Insurance Type': ['insurancetype', 'typeofinsurance', 'coveragetype', 'lineofbusiness'],
  Notes: ['notes', 'note', 'comments', 'comment'],
}

/**
 * Reads the header row. Refuses a row that names no required column (the file has no header, or
 * the header is not the first row) and a header that lacks some, naming them.
 */
export function matchColumns(cells: Cell[]): ColumnPositions {
  return matchHeader(cells, ALIASES, IMPORT_REQUIRED_COLUMNS, IMPORT_TEXTS.noHeader)
}
