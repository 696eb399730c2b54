import type { Db } from '#server/db/connect.ts'
import { finishImportRecord, runImport } from '#server/features/client-import/import-records.service.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { createBatchWriter, type ImportLog } from '#server/platform/spreadsheet-import/batch-writer.ts'
import { createChunkStage, jsonChunkCodec } from '#server/platform/spreadsheet-import/chunk-stage.ts'
import { PARSE_DEADLINE_MS } from '#server/platform/spreadsheet-import/import-limits.ts'
import { createParsePool, type ParsePool } from '#server/platform/spreadsheet-import/parse-pool.ts'
import {
  type ImportUpload,
  readSheetInWorker,
  storeUploadedSheet,
} from '#server/platform/spreadsheet-import/read-uploaded-sheet.ts'
import { POLICY_IMPORT_TEXTS, type PolicyImportResult } from '#shared/contracts/policy-import.contract.ts'
import type { CollectedPolicyRows } from './collect-policy-rows.ts'
import type { PolicyChunk } from './policy-chunk.service.ts'
import { type ChunkOutcome, type ImportLookups, writePolicyChunk } from './write-policy-chunk.ts'

export type PolicyParsePool = ParsePool<PolicyChunk, CollectedPolicyRows>

/** The book import's parse pool: its workers read with the policy rows' checks. */
export function createPolicyParsePool(size: number): PolicyParsePool {
  return createParsePool(size, new URL('./parse-worker.mjs', import.meta.url))
}

/**
 * Bad input is a 400 on the `file` field, whatever the client import answers for it (413, 415):
 * the import dialog shows it under the file it refused. Its headers stay (a body left unread
 * closes the connection).
 */
function onFileField(error: unknown): unknown {
  if (!(error instanceof AppError)) return error
  if (!['INVALID_INPUT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'].includes(error.code)) return error
  return new AppError('INVALID_INPUT', {
    message: error.message,
    fieldErrors: [{ path: 'file', message: error.message }],
    headers: error.headers,
  })
}

function serverBusy(): AppError {
  return new AppError('TOO_MANY_REQUESTS', {
    message: POLICY_IMPORT_TEXTS.serverBusy,
    headers: { connection: 'close' },
  })
}

/** Totals of the committed chunks, in file order. */
function createTally() {
  const tally: Omit<PolicyImportResult, 'importId' | 'totalRows' | 'errors'> = {
    imported: 0,
    duplicates: [],
    warnings: [],
    clientsCreated: 0,
    carriersCreated: 0,
  }
  const settle = (_: PolicyChunk, outcome: ChunkOutcome) => {
    tally.imported += outcome.imported
    tally.duplicates.push(...outcome.duplicates)
    tally.warnings.push(...outcome.warnings)
    tally.clientsCreated += outcome.clientsCreated
    tally.carriersCreated += outcome.carriersCreated
  }
  return { tally, settle }
}

/**
 * Imports a book of existing policies into the caller's agency, on the client import's pipeline
 * and records (decision 027): one import at a time per agency, the upload stored and judged by its
 * content, every row read and checked in a worker thread, then written in batches of their own
 * transaction, in file order, once the whole file has been read (a file broken at its end writes
 * nothing). A batch is kept whole or not at all: an import killed mid-way keeps its committed
 * batches, its record reads interrupted, and the same file imported again adds the rest and lists
 * the rows already in as duplicates. One audit event records the counts.
 */
export async function importPolicies(
  db: Db,
  parsers: PolicyParsePool,
  ctx: Ctx,
  upload: ImportUpload,
  log: ImportLog,
): Promise<PolicyImportResult> {
  const setup = {
    kind: 'policies' as const,
    fileName: upload.filename,
    lease: () => parsers.lease(),
    busy: serverBusy,
    log,
  }
  return runImport(db, ctx, setup, async ({ recordId, workDir, lease, reached }) => {
    const { file, size, kind } = await storeUploadedSheet(upload, workDir).catch((error) => {
      throw onFileField(error)
    })
    const lookups: ImportLookups = { producers: new Map() }
    const { tally, settle } = createTally()
    // One batch at a time, never open while the file is read: a batch creates the carriers and
    // clients later batches match, so each must have committed before the next begins.
    const writer = createBatchWriter<PolicyChunk, ChunkOutcome>(
      db,
      { label: 'policy import', insert: (tx, chunk) => writePolicyChunk(tx, ctx, chunk, lookups), settle },
      createChunkStage(workDir, jsonChunkCodec<PolicyChunk>()),
      false,
    )
    let collected: CollectedPolicyRows
    let failedAtRow: number | undefined
    try {
      const task = { kind, file, size, deadline: Date.now() + PARSE_DEADLINE_MS }
      collected = await readSheetInWorker(lease, task, writer.add, log, 'policy import', reached).catch(
        (error) => {
          throw onFileField(error)
        },
      )
      ;({ failedAtRow } = await writer.finish(log))
    } finally {
      await writer.abort()
    }
    const errors = [...collected.errors]
    if (failedAtRow !== undefined) errors.push({ row: failedAtRow, message: POLICY_IMPORT_TEXTS.batchFailed })
    errors.sort((a, b) => a.row - b.row)
    const duplicates = [...collected.duplicates, ...tally.duplicates].sort((a, b) => a.row - b.row)
    const result = { importId: recordId, totalRows: collected.totalRows, ...tally, duplicates, errors }
    const figures = {
      totalRows: result.totalRows,
      imported: result.imported,
      duplicates: duplicates.length,
      errors: collected.errors.length,
    }
    await finishImportRecord(db, recordId, {
      status: 'completed',
      fileKind: kind.kind,
      bytes: size,
      ...figures,
      failure:
        failedAtRow === undefined
          ? null
          : `The database refused the batch from row ${failedAtRow}: import the same file again to finish.`,
    })
    await recordAudit(db, ctx, {
      action: 'policy.imported',
      entity: { type: 'policy' },
      details: {
        fileKind: kind.kind,
        bytes: size,
        ...figures,
        clientsCreated: tally.clientsCreated,
        carriersCreated: tally.carriersCreated,
        batchFailed: failedAtRow !== undefined,
      },
    })
    return result
  })
}
