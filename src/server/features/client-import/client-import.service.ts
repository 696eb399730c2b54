import path from 'node:path'
import type { Readable } from 'node:stream'
import type { Db } from '#server/db/connect.ts'
import { isEmbeddedDatabase } from '#server/db/probes.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { createChunkStage } from '#server/platform/spreadsheet-import/chunk-stage.ts'
import {
  BATCH_FAILED_TEXT,
  corruptFile,
  invalidFile,
  UnreadableFileError,
  wrongType,
} from '#server/platform/spreadsheet-import/import-errors.ts'
import { PARSE_DEADLINE_MS } from '#server/platform/spreadsheet-import/import-limits.ts'
import type { ParseTask } from '#server/platform/spreadsheet-import/parse-messages.ts'
import {
  createParsePool,
  type ParseLease,
  type ParsePool,
} from '#server/platform/spreadsheet-import/parse-pool.ts'
import { acceptedExtension, sniffFileKind } from '#server/platform/spreadsheet-import/sniff-file-kind.ts'
import { spoolUpload } from '#server/platform/spreadsheet-import/spool-upload.ts'
import { IMPORT_TEXTS, type ImportResult } from '#shared/contracts/client-import.contract.ts'
import {
  type ClientBatchWriter,
  createClientBatchWriter,
  type ImportLog,
  type WrittenRows,
} from './batch-writer.service.ts'
import { type ClientChunk, clientChunkCodec } from './client-chunk.service.ts'
import type { CollectedRows } from './collect-rows.ts'
import { finishImportRecord, runImport } from './import-records.service.ts'

export interface ImportUpload {
  filename: string
  stream: Readable
}

/**
 * Reads the file into the writer, in a worker of the parse pool. Whatever a parser throws about
 * the bytes answers 400 corrupt, not 500. `reached` follows the sheet row the reading is at.
 */
async function readFileRows(
  lease: ParseLease<ClientChunk, CollectedRows>,
  task: ParseTask,
  writer: ClientBatchWriter,
  log: ImportLog,
  reached: (row: number) => void,
): Promise<CollectedRows> {
  try {
    return await lease.read(task, async (chunk) => {
      reached(chunk.rows.at(-1) ?? 0)
      await writer.add(chunk)
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    // Parser messages can quote the file ('value is "Jane…"'), so only ours are logged in full.
    const reason =
      error instanceof UnreadableFileError
        ? error.message
        : `${(error as Error).name} ${(error as { code?: string }).code ?? ''}`.trim()
    log.warn({ kind: task.kind.kind, reason }, 'client import file unreadable')
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
const allowsOpenBatches = (db: Db) => !isEmbeddedDatabase(db)

/** The per-process cap: every parse worker is reading someone's import. */
function serverBusy(): AppError {
  return new AppError('TOO_MANY_REQUESTS', {
    message: IMPORT_TEXTS.serverBusy,
    headers: { connection: 'close' },
  })
}

export type ClientParsePool = ParsePool<ClientChunk, CollectedRows>

/** The parse pool of the client import: its workers read with the client rows' checks. */
export function createClientParsePool(size: number): ClientParsePool {
  return createParsePool(size, new URL('./parse-worker.mjs', import.meta.url))
}

export interface ImportDeps {
  parsers: ClientParsePool
}

/**
 * Imports a spreadsheet of clients into the caller's agency: one import at a time per agency and
 * no more than the parse pool's size per process (429 past either, before the upload is read). It
 * is on record from the start (import-records.service.ts). The upload is stored (at most 10 MB), its type
 * judged by content, every row read and checked in a worker thread, and the valid rows written in
 * batches that commit only once the whole file has been read. One audit event records the counts
 * (no personal data) once the batches are done.
 */
export async function importClients(
  db: Db,
  { parsers }: ImportDeps,
  ctx: Ctx,
  upload: ImportUpload,
  log: ImportLog,
): Promise<ImportResult> {
  const setup = {
    kind: 'clients' as const,
    fileName: upload.filename,
    lease: () => parsers.lease(),
    busy: serverBusy,
    log,
  }
  return runImport(db, ctx, setup, async ({ recordId, workDir, lease, reached }) => {
    const file = path.join(workDir, 'upload')
    // Stored before the name is judged, so the request is read to its end and its connection
    // stays usable; the store is capped at 10 MB either way.
    const size = await spoolUpload(upload.stream, file)
    if (!acceptedExtension(upload.filename)) throw wrongType()
    if (size === 0) throw invalidFile(IMPORT_TEXTS.emptyFile)
    const kind = await sniffFileKind(file, size)
    const stage = createChunkStage(workDir, clientChunkCodec)
    const writer = createClientBatchWriter(db, ctx, stage, allowsOpenBatches(db))
    let collected: CollectedRows
    let written: WrittenRows
    try {
      const task = { kind, file, size, deadline: Date.now() + PARSE_DEADLINE_MS }
      collected = await readFileRows(lease, task, writer, log, reached)
      written = await writer.finish(log)
    } finally {
      // A file that turned out broken (or any failure) leaves nothing written: no batch has committed.
      await writer.abort()
    }
    const result = toResult(collected, written)
    const figures = {
      totalRows: result.totalRows,
      imported: result.successCount,
      duplicates: result.duplicates.length,
      errors: collected.errors.length,
    }
    await finishImportRecord(db, recordId, {
      status: 'completed',
      fileKind: kind.kind,
      bytes: size,
      ...figures,
      failure:
        written.failedAtRow === undefined
          ? null
          : `The database refused the batch from row ${written.failedAtRow}: import the same file again to finish.`,
    })
    await recordAudit(db, ctx, {
      action: 'client.imported',
      entity: { type: 'client' },
      details: {
        fileKind: kind.kind,
        bytes: size,
        ...figures,
        batchFailed: written.failedAtRow !== undefined,
      },
    })
    return result
  })
}
