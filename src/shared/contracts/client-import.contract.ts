import { z } from 'zod'
import { defineCall } from './call.ts'

/** Texts of spec part 1 §2 (Client Import), §8 (import toasts) and §9 (limits). */
export const IMPORT_TEXTS = {
  heading: 'Client Import',
  uploadTab: 'Upload File',
  templateTab: 'Download Template',
  sizeHint: 'Maximum file size: 10MB',
  completeTitle: 'Import Complete',
  complete: 'Successfully imported {imported} out of {total} clients.',
  failedTitle: 'Import Failed',
  failed: 'An error occurred during import',
  failedNoSuccess: 'Import failed',
  templateDownloaded: 'Template Downloaded',
  downloadFailedTitle: 'Download Failed',
  downloadFailed: 'Failed to download template',
  tooLarge: 'The file is larger than 10 MB. Split it into smaller files and import each.',
  wrongType: 'Upload a spreadsheet: an .xlsx, .xls or .csv file.',
  noFile: 'Choose a file to import.',
  emptyFile: 'The file is empty.',
  noHeader: 'The first row must name the columns: First Name, Last Name, Email and Phone at least.',
  missingColumns: 'The file has no column for: {columns}.',
  tooManyColumns: 'The file has more than {max} columns. Keep only the client columns.',
  tooManyRows: 'The file has more than {max} rows. Split it into smaller files.',
  corrupt: 'The file could not be read. Save it again as .xlsx or .csv and retry.',
  required: '{field} is required',
  invalidEmail: 'Email is not a valid email address',
  invalidPhone: 'Phone must have at least 10 digits',
  invalidDate: 'Date of Birth is not a date',
  invalidInsuranceType: 'Insurance Type must be one of auto, property, life, commercial, healthcare',
  // Ours: the spec has no import history and no limit on imports at once.
  alreadyRunning:
    'An import is already running for your agency. Wait for it to finish, then import the next file.',
  serverBusy: 'The server is busy with other imports. Try again in a minute.',
  recentTitle: 'Recent imports',
  recentEmpty: 'No imports yet. Imported files will be listed here with their figures.',
} as const

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
export const IMPORT_MAX_COLUMNS = 200
export const IMPORT_MAX_ROWS = 100_000
export const IMPORT_FILE_TYPES = ['.xlsx', '.xls', '.csv'] as const
export const IMPORT_REQUIRED_COLUMNS = ['First Name', 'Last Name', 'Email', 'Phone'] as const
export const IMPORT_OPTIONAL_COLUMNS = [
  'Date of Birth',
  'Address',
  'City',
  'State',
  'Zip Code',
  'Insurance Type',
  'Notes',
] as const

export const ImportErrorSchema = z.object({
  row: z.number().int(),
  message: z.string(),
  field: z.string().optional(),
})

export const ImportResultSchema = z.object({
  success: z.boolean(),
  totalRows: z.number().int(),
  successCount: z.number().int(),
  /** 'First Last <email>' of each imported client. */
  imported: z.array(z.string()),
  /** 'Row N: email' of each row skipped because the email exists in the agency or earlier in the file. */
  duplicates: z.array(z.string()),
  errors: z.array(ImportErrorSchema),
})
export type ImportResult = z.infer<typeof ImportResultSchema>

/** Multipart with one `file` field; the body is read by the route, not by a schema. */
export const importClientsCall = defineCall({
  method: 'POST',
  path: '/api/clients/import',
  response: ImportResultSchema,
})

export const IMPORT_STATUSES = ['running', 'completed', 'failed', 'interrupted'] as const

/**
 * One upload on record: who, when, the figures it reached, and how it ended. An interrupted import
 * (the server stopped mid-way) kept its whole committed batches: importing the same file again
 * imports the rest and lists the rows already in as duplicates.
 */
export const ImportRecordSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  importedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  totalRows: z.number().int().nullable(),
  imported: z.number().int().nullable(),
  duplicates: z.number().int().nullable(),
  errors: z.number().int().nullable(),
  failure: z.string().nullable(),
  /** The sheet row the reading had reached at its last beat: where an interrupted import stopped. */
  lastRow: z.number().int().nullable(),
})
export type ImportRecord = z.infer<typeof ImportRecordSchema>

export const listImportsCall = defineCall({
  method: 'GET',
  path: '/api/clients/import/history',
  response: z.object({ data: z.array(ImportRecordSchema) }),
})

export const TEMPLATE_FORMATS = ['xlsx', 'csv'] as const
/** A file download: `client-import-template.{format}`. */
export const IMPORT_TEMPLATE_PATH = '/api/clients/import/template'
