import path from 'node:path'
import type { Readable } from 'node:stream'
import { SPREADSHEET_TEXTS } from '#shared/contracts/spreadsheet-import.ts'
import { AppError } from '../app-error.ts'
import type { ImportLog } from './batch-writer.ts'
import { corruptFile, invalidFile, UnreadableFileError, wrongType } from './import-errors.ts'
import type { RowChunk } from './open-batch.ts'
import type { ParseTask } from './parse-messages.ts'
import type { ParseLease } from './parse-pool.ts'
import { acceptedExtension, type FileKind, sniffFileKind } from './sniff-file-kind.ts'
import { spoolUpload } from './spool-upload.ts'

export interface ImportUpload {
  filename: string
  stream: Readable
}

/**
 * Stores the upload in `workDir` (at most 10 MB, 413 past it) and judges it: an accepted name
 * (415), not empty (400) and a spreadsheet by its content (415). The name is judged after the
 * store, so the request is read to its end and its connection stays usable.
 */
export async function storeUploadedSheet(
  upload: ImportUpload,
  workDir: string,
): Promise<{ file: string; size: number; kind: FileKind }> {
  const file = path.join(workDir, 'upload')
  const size = await spoolUpload(upload.stream, file)
  if (!acceptedExtension(upload.filename)) throw wrongType()
  if (size === 0) throw invalidFile(SPREADSHEET_TEXTS.emptyFile)
  return { file, size, kind: await sniffFileKind(file, size) }
}

/**
 * Reads the file in a worker of the parse pool, each valid chunk to `onChunk`. Whatever a parser
 * throws about the bytes answers 400 corrupt, not 500 (logged under `label`). `reached` follows
 * the sheet row the reading is at.
 */
export async function readSheetInWorker<C extends RowChunk, Collected>(
  lease: ParseLease<C, Collected>,
  task: ParseTask,
  onChunk: (chunk: C) => Promise<void>,
  log: ImportLog,
  label: string,
  reached: (row: number) => void,
): Promise<Collected> {
  try {
    return await lease.read(task, async (chunk) => {
      reached(chunk.rows.at(-1) ?? 0)
      await onChunk(chunk)
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    // Parser messages can quote the file ('value is "Jane…"'), so only ours are logged in full.
    const reason =
      error instanceof UnreadableFileError
        ? error.message
        : `${(error as Error).name} ${(error as { code?: string }).code ?? ''}`.trim()
    log.warn({ kind: task.kind.kind, reason }, `${label} file unreadable`)
    throw corruptFile()
  }
}
