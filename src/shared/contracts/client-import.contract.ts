import { z } from 'zod'
import { defineCall } from './call.ts'
import {
  IMPORT_FILE_TYPES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_STATUSES,
  type ImportRecord,
  ImportRecordSchema,
  SPREADSHEET_TEXTS,
} from './spreadsheet-import.ts'

export {
  IMPORT_FILE_TYPES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_STATUSES,
  type ImportRecord,
  ImportRecordSchema,
}

/** Texts of spec part 1 §2 (Client Import), §8 (import toasts) and §9 (limits). */
export const IMPORT_TEXTS = {
  heading: 'Client Import',
  uploadTab: 'Upload File',
  templateTab: 'Download Template',
  sizeHint: SPREADSHEET_TEXTS.sizeHint,
  completeTitle: 'Import Complete',
  complete: 'Successfully imported {imported} out of {total} clients.',
  failedTitle: 'Import Failed',
  failed: 'An error occurred during import',
  failedNoSuccess: 'Import failed',
  templateDownloaded: 'Template Downloaded',
  downloadFailedTitle: 'Download Failed',
  downloadFailed: 'Failed to download template',
  tooLarge: SPREADSHEET_TEXTS.tooLarge,
  wrongType: SPREADSHEET_TEXTS.wrongType,
  noFile: SPREADSHEET_TEXTS.noFile,
  emptyFile: SPREADSHEET_TEXTS.emptyFile,
  noHeader: 'The first row must name the columns: First Name, Last Name, Email and Phone at least.',
  missingColumns: SPREADSHEET_TEXTS.missingColumns,
  tooManyColumns: 'The file has more than {max} columns. Keep only the client columns.',
  tooManyRows: SPREADSHEET_TEXTS.tooManyRows,
  corrupt: SPREADSHEET_TEXTS.corrupt,
  required: SPREADSHEET_TEXTS.required,
  invalidEmail: 'Email is not a valid email address',
  invalidPhone: 'Phone must have at least 10 digits',
  invalidDate: 'Date of Birth is not a date',
  invalidInsuranceType: 'Insurance Type must be one of auto, property, life, commercial, healthcare',
  // Ours: the spec has no import history and no limit on imports at once.
  alreadyRunning: SPREADSHEET_TEXTS.alreadyRunning,
  serverBusy: SPREADSHEET_TEXTS.serverBusy,
  recentTitle: 'Recent imports',
  recentEmpty: 'No imports yet. Imported files will be listed here with their figures.',
} as const

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

export const listImportsCall = defineCall({
  method: 'GET',
  path: '/api/clients/import/history',
  response: z.object({ data: z.array(ImportRecordSchema) }),
})

export const TEMPLATE_FORMATS = ['xlsx', 'csv'] as const
/** A file download: `client-import-template.{format}`. */
export const IMPORT_TEMPLATE_PATH = '/api/clients/import/template'
