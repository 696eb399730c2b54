/**
 * What every spreadsheet import (clients, policies) says about the file itself, and its limits:
 * one wording whichever import refuses the file. Each import's contract adds its own row texts.
 */
export const SPREADSHEET_TEXTS = {
  sizeHint: 'Maximum file size: 10MB',
  tooLarge: 'The file is larger than 10 MB. Split it into smaller files and import each.',
  wrongType: 'Upload a spreadsheet: an .xlsx, .xls or .csv file.',
  noFile: 'Choose a file to import.',
  emptyFile: 'The file is empty.',
  missingColumns: 'The file has no column for: {columns}.',
  tooManyRows: 'The file has more than {max} rows. Split it into smaller files.',
  corrupt: 'The file could not be read. Save it again as .xlsx or .csv and retry.',
  required: '{field} is required',
  alreadyRunning:
    'An import is already running for your agency. Wait for it to finish, then import the next file.',
  serverBusy: 'The server is busy with other imports. Try again in a minute.',
} as const

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
export const IMPORT_MAX_COLUMNS = 200
export const IMPORT_MAX_ROWS = 100_000
export const IMPORT_FILE_TYPES = ['.xlsx', '.xls', '.csv'] as const
export const IMPORT_STATUSES = ['running', 'completed', 'failed', 'interrupted'] as const
