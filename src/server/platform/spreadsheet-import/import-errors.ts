import { AppError } from '#server/platform/app-error.ts'
import { SPREADSHEET_TEXTS } from '#shared/contracts/spreadsheet-import.ts'

/**
 * A row error of ours that the spec does not quote: a batch the database refused. Earlier batches
 * stay saved, so importing the same file again finishes the job (saved rows come back as duplicates).
 */
export const BATCH_FAILED_TEXT =
  'This row and the valid rows after it were not saved because of a server error. Import the same file again: rows already saved will be listed as duplicates.'

export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))
}

/** 400: the file was received but cannot be imported as it is (no header, too many rows, unreadable). */
export function invalidFile(message: string): AppError {
  return new AppError('INVALID_INPUT', { message })
}

/**
 * The rest of the body is left unread, so the connection closes after the answer: kept alive, its
 * next request would sit behind the unread bytes until the keep-alive timeout.
 */
export function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    message: SPREADSHEET_TEXTS.tooLarge,
    headers: { connection: 'close' },
  })
}

export function wrongType(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', { message: SPREADSHEET_TEXTS.wrongType })
}

export function corruptFile(): AppError {
  return invalidFile(SPREADSHEET_TEXTS.corrupt)
}

/** Thrown by our own zip and format checks; the service answers it as SPREADSHEET_TEXTS.corrupt. */
export class UnreadableFileError extends Error {
  override readonly name = 'UnreadableFileError'
}
