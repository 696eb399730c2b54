import { STATEMENT_TEXTS } from '#shared/contracts/commissions-statements-texts.ts'
import {
  IMPORT_FILE_TYPES,
  IMPORT_MAX_BYTES,
  SPREADSHEET_TEXTS,
} from '#shared/contracts/spreadsheet-import-texts.ts'

/** Why this file cannot be sent as a statement, or null: one .xlsx, .xls or .csv of at most 10 MB. */
export function checkStatementFile(file: File | null): string | null {
  if (!file) return STATEMENT_TEXTS.noFile
  if (!IMPORT_FILE_TYPES.some((type) => file.name.toLowerCase().endsWith(type)))
    return SPREADSHEET_TEXTS.wrongType
  if (file.size > IMPORT_MAX_BYTES) return SPREADSHEET_TEXTS.tooLarge
  if (file.size === 0) return SPREADSHEET_TEXTS.emptyFile
  return null
}

/** A stated total as typed ('$12,345.60', '-45'): dollars with at most two decimals, or null if not one. */
export function statedTotalOf(text: string): string | null {
  const trimmed = text.replace(/[$,\s]/g, '')
  return /^-?\d+(\.\d{1,2})?$/.test(trimmed) ? trimmed : null
}
