import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { is } from 'drizzle-orm'
import { PgliteDatabase } from 'drizzle-orm/pglite'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { IMPORT_TEXTS, type ImportResult } from '#shared/contracts/client-import.contract.ts'
import { type BatchWriter, createBatchWriter, type ImportLog, type WrittenRows } from './batch-writer.ts'
import { createChunkStage } from './chunk-stage.ts'
import { type CollectedRows, collectRows } from './collect-rows.ts'
import {
  BATCH_FAILED_TEXT,
  corruptFile,
  invalidFile,
  UnreadableFileError,
  wrongType,
} from './import-errors.ts'
import { IMPORT_CHUNK_SIZE, PARSE_DEADLINE_MS } from './import-limits.ts'
import { readCsvRows } from './read-csv-rows.ts'
import { openXlsRows } from './read-xls-rows.ts'
import { openXlsxRows } from './read-xlsx-rows.ts'
import { acceptedExtension, type FileKind, sniffFileKind } from './sniff-file-kind.ts'
import { spoolUpload } from './spool-upload.ts'

export interface ImportUpload {
  filename: string
  stream: Readable
}

async function openRows(kind: FileKind, file: string, size: number, deadline: number) {
  if (kind.kind === 'csv') return { rows: readCsvRows(file, kind.encoding), date1904: false }
  if (kind.kind === 'xlsx') return openXlsxRows(file, kind.entries, size, deadline)
  return openXlsRows(file)
}

/** Reads the file into the writer. Whatever a parser throws about the bytes answers 400 corrupt, not 500. */
async function readFileRows(
  kind: FileKind,
  file: string,
  size: number,
  writer: BatchWriter,
  log: ImportLog,
): Promise<CollectedRows> {
  const deadline = Date.now() + PARSE_DEADLINE_MS
  try {
    const source = await openRows(kind, file, size, deadline)
    return await collectRows(source.rows, writer.add, {
      date1904: source.date1904,
      deadline,
      chunkSize: IMPORT_CHUNK_SIZE,
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    // Parser messages can quote the file ('value is "Jane…"'), so only ours are logged in full.
    const reason =
      error instanceof UnreadableFileError
        ? error.message
        : `${(error as Error).name} ${(error as { code?: string }).code ?? ''}`.trim()
    log.warn({ kind: kind.kind, reason }, 'client import file unreadable')
    throw corruptFile()
  }
}

function toResult(collected: CollectedRows, written: WrittenRows): ImportResult {
  const errors = [...collected.errors]
  if (written.failedAtRow !== undefined) errors.push({ row: written.failedAtRow, message: BATCH_FAILED_TEXT })
  errors.sort((a, b) => a.row - b.row)
  const duplicates = [...collected.duplicates, ...written.duplicates].sort((a, b) => a.row - b.row)
  return {
    success: true,
    totalRows: collected.totalRows,
    successCount: written.imported.length,
    imported: written.imported,
    duplicates: duplicates.map((d) => `Row ${d.row}: ${d.email}`),
    errors,
  }
}

/** The embedded database runs one transaction at a time: batches cannot wait open there. */
const allowsOpenBatches = (db: Db) => !is(db, PgliteDatabase)

/**
 * Imports a spreadsheet of clients into the caller's agency: the upload is stored (at most 10 MB),
 * its type judged by content, every row read and checked, and the valid rows written in batches
 * that commit only once the whole file has been read. One audit event records the counts (no
 * personal data) once the batches are done.
 */
export async function importClients(
  db: Db,
  ctx: Ctx,
  upload: ImportUpload,
  log: ImportLog,
): Promise<ImportResult> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'client-import-'))
  try {
    const file = path.join(workDir, 'upload')
    // Stored before the name is judged, so the request is read to its end and its connection
    // stays usable; the store is capped at 10 MB either way.
    const size = await spoolUpload(upload.stream, file)
    if (!acceptedExtension(upload.filename)) throw wrongType()
    if (size === 0) throw invalidFile(IMPORT_TEXTS.emptyFile)
    const kind = await sniffFileKind(file, size)
    const writer = createBatchWriter(db, ctx, createChunkStage(workDir), allowsOpenBatches(db))
    let collected: CollectedRows
    let written: WrittenRows
    try {
      collected = await readFileRows(kind, file, size, writer, log)
      written = await writer.finish(log)
    } finally {
      // A file that turned out broken (or any failure) leaves nothing written: no batch has committed.
      await writer.abort()
    }
    const result = toResult(collected, written)
    await recordAudit(db, ctx, {
      agencyId: ctx.actor.agencyId,
      actorUserId: ctx.actor.userId,
      action: 'client.imported',
      entityType: 'client',
      details: {
        fileKind: kind.kind,
        bytes: size,
        totalRows: result.totalRows,
        imported: result.successCount,
        duplicates: result.duplicates.length,
        errors: collected.errors.length,
        batchFailed: written.failedAtRow !== undefined,
      },
    })
    return result
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}
