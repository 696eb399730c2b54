import { STATEMENT_TEXTS } from '#shared/contracts/commissions-statements-texts.ts'

/**
 * The kinds the import reads (IMPORT_FILE_TYPES of spreadsheet-import-texts.ts, which the server
 * checks with their texts). Not imported here: a third page importing that module had Rollup merge
 * it into the entry chunk, which every page loads.
 */
export const STATEMENT_FILE_TYPES = '.xlsx,.xls,.csv'

/** Why nothing can be sent yet, or null; the file's kind, size and rows are the server's to refuse. */
export function checkStatementFile(file: File | null): string | null {
  return file ? null : STATEMENT_TEXTS.noFile
}

/** A stated total as typed ('$12,345.60', '-45'): dollars with at most two decimals, or null if not one. */
export function statedTotalOf(text: string): string | null {
  const trimmed = text.replace(/[$,\s]/g, '')
  return /^-?\d+(\.\d{1,2})?$/.test(trimmed) ? trimmed : null
}
