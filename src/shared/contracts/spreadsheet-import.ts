import { z } from 'zod'

import { IMPORT_STATUSES } from './spreadsheet-import-texts.ts'

export {
  IMPORT_FILE_TYPES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_STATUSES,
  SPREADSHEET_TEXTS,
} from './spreadsheet-import-texts.ts'

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
