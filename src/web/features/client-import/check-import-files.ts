import {
  IMPORT_FILE_TYPES,
  IMPORT_MAX_BYTES,
  IMPORT_TEXTS,
} from '#shared/contracts/client-import.contract.ts'

/** The contract has no text for a drop of several files; spec part 1 §5 only says "too many files". */
export const TOO_MANY_FILES = 'Too many files. Choose one file to import.'

/** The accept attribute of the file input: the extensions and their usual media types. */
export const IMPORT_ACCEPT = [
  ...IMPORT_FILE_TYPES,
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',')

/**
 * Why these files cannot be imported, or null when they can: exactly one non-empty .xlsx, .xls
 * or .csv file of at most 10 MB. The server checks again, by content.
 */
export function checkImportFiles(files: readonly File[]): string | null {
  if (files.length === 0) return IMPORT_TEXTS.noFile
  if (files.length > 1) return TOO_MANY_FILES
  const [file] = files as [File]
  const name = file.name.toLowerCase()
  if (!IMPORT_FILE_TYPES.some((extension) => name.endsWith(extension))) return IMPORT_TEXTS.wrongType
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_TEXTS.tooLarge
  if (file.size === 0) return IMPORT_TEXTS.emptyFile
  return null
}
