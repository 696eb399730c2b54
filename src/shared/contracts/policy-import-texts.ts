import { POLICY_TEXTS } from './policies-texts.ts'
import { SPREADSHEET_TEXTS } from './spreadsheet-import-texts.ts'

/** The book import's columns (issue #30), in the template's order. */
export const POLICY_IMPORT_REQUIRED_COLUMNS = [
  'Policy Number',
  'Carrier',
  'Line of Business',
  'Insured First Name',
  'Insured Last Name',
  'Effective Date',
  'Expiration Date',
  'Annual Premium',
] as const
export const POLICY_IMPORT_OPTIONAL_COLUMNS = ['Insured Email', 'ZIP Code', 'Producer Email'] as const
export type PolicyImportColumn =
  | (typeof POLICY_IMPORT_REQUIRED_COLUMNS)[number]
  | (typeof POLICY_IMPORT_OPTIONAL_COLUMNS)[number]
export const POLICY_IMPORT_COLUMNS: readonly PolicyImportColumn[] = [
  'Policy Number',
  'Carrier',
  'Line of Business',
  'Insured First Name',
  'Insured Last Name',
  'Insured Email',
  'ZIP Code',
  'Effective Date',
  'Expiration Date',
  'Annual Premium',
  'Producer Email',
]

/** The book import's words: the file's (shared with the client import) and each row's. */
export const POLICY_IMPORT_TEXTS = {
  ...SPREADSHEET_TEXTS,
  open: 'Import policies',
  title: 'Import policies',
  description:
    'Bring in the policies your agency already writes, from a CSV or Excel file with one policy a row.',
  templateLink: 'Download the CSV template',
  chooseFile: 'Choose a file to import',
  dropHint: 'Drag and drop a spreadsheet here, or click to choose one',
  importing: 'Importing your policies…',
  complete: 'Imported {imported} of {total} policies.',
  noHeader:
    'The first row must name the columns: Policy Number, Carrier, Line of Business, Insured First Name, Insured Last Name, Effective Date, Expiration Date and Annual Premium at least.',
  tooManyColumns: 'The file has more than {max} columns. Keep only the policy columns.',
  invalidDate: '{field} is not a date',
  expirationBeforeEffective: POLICY_TEXTS.expirationBeforeEffective,
  termTooLong: POLICY_TEXTS.termTooLong,
  invalidPremium: 'Annual Premium must be an amount in dollars and cents, 0 or more',
  invalidLine: 'Line of Business must be one of auto, property, life, commercial, healthcare',
  invalidEmail: '{field} is not a valid email address',
  tooLong: '{field} is longer than {max} characters',
  controlCharacters: '{field} holds control characters (such as NUL) that a policy cannot keep',
  unknownProducer:
    'No user of your agency has the producer email {email}: the policy is yours, as the importing user.',
  batchFailed:
    'This row and the valid rows after it were not saved because of a server error. Import the same file again: rows already saved will be listed as duplicates.',
  duplicatesTitle: 'Already in your book',
  errorsTitle: 'Rows not imported',
  warningsTitle: 'Imported with a note',
} as const

/** A file download: `policy-import-template.csv`. */
export const POLICY_IMPORT_TEMPLATE_PATH = '/api/policies/import/template'
export const POLICY_IMPORT_TEMPLATE_NAME = 'policy-import-template.csv'
