import {
  type IMPORT_OPTIONAL_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_TEXTS,
} from '#shared/contracts/client-import.contract.ts'
import { type Cell, cellText } from './cell-values.service.ts'
import { invalidFile } from './import-errors.service.ts'

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

export function normalizeHeader(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/**
 * Reads the header row. Refuses a row that names no required column (the file has no header, or
 * the header is not the first row) and a header that lacks some, naming them.
 */
export function matchColumns(cells: Cell[]): ColumnPositions {
  const names = cells.map((cell) => normalizeHeader(cellText(cell)))
  const positions: ColumnPositions = {}
  for (const column of Object.keys(ALIASES) as ImportColumn[]) {
    for (const alias of ALIASES[column]) {
      const index = names.indexOf(alias)
      if (index >= 0 && !Object.values(positions).includes(index)) {
        positions[column] = index
        break
      }
    }
  }
  const missing = IMPORT_REQUIRED_COLUMNS.filter((column) => positions[column] === undefined)
  if (missing.length === IMPORT_REQUIRED_COLUMNS.length) throw invalidFile(IMPORT_TEXTS.noHeader)
  if (missing.length > 0) {
    throw invalidFile(IMPORT_TEXTS.missingColumns.replace('{columns}', missing.join(', ')))
  }
  return positions
}
