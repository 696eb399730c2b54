import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import type { ImportLog } from '#server/platform/spreadsheet-import/batch-writer.ts'
import type { ParseLease } from '#server/platform/spreadsheet-import/parse-pool.ts'
import { IMPORT_TEXTS, type ImportRecord } from '#shared/contracts/client-import.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import * as repository from './client-import.repository.ts'
import type { ImportKind } from './client-import.table.ts'

export type { ImportKind } from './client-import.table.ts'

/** A running import writes its beat this often… */
export const IMPORT_HEARTBEAT_MS = 5_000
/** …and one whose beat is older than this is taken for interrupted (its process died). */
export const IMPORT_STALE_SECONDS = 30
const RECENT_IMPORTS = 20

/** The 429 of the per-agency cap; the connection closes, as the upload is left unread. */
function alreadyRunning(): AppError {
  return new AppError('TOO_MANY_REQUESTS', {
    message: IMPORT_TEXTS.alreadyRunning,
    headers: { connection: 'close' },
  })
}

/**
 * Puts the import on record before anything is read, committed at once so that it stays when the
 * process dies. An agency's import that is still beating refuses a second one (429); one whose
 * beat stopped is marked interrupted first, so a crash never locks an agency out.
 */
export async function startImportRecord(
  db: Db,
  ctx: Ctx,
  fileName: string,
  kind: ImportKind = 'clients',
): Promise<string> {
  await repository.interruptStaleImports(db, IMPORT_STALE_SECONDS, ctx.actor.agencyId)
  try {
    return await repository.insertRunningImport(db, {
      agencyId: ctx.actor.agencyId,
      userId: ctx.actor.userId,
      fileName: fileName.slice(0, 255),
      kind,
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRunning()
    throw error
  }
}

/** Beats while the import runs, with the row its reading has reached; the answer stops it. */
export function keepBeating(db: Db, id: string, lastRow: () => number | null, log: ImportLog): () => void {
  const timer = setInterval(() => {
    repository
      .beatImport(db, id, lastRow())
      .catch((error) => log.warn({ err: error }, 'client import beat failed'))
  }, IMPORT_HEARTBEAT_MS)
  timer.unref()
  return () => clearInterval(timer)
}

export const finishImportRecord = repository.finishImport

/** What an import's body is given: its record, its own temporary folder and the parse worker leased for it. */
export interface ImportRun<Chunk, Collected> {
  recordId: string
  workDir: string
  lease: ParseLease<Chunk, Collected>
  /** Tells the heartbeat the row reading has reached. */
  reached(row: number): void
}

/**
 * The lifecycle every import shares, around the body that reads and writes its rows: a parse
 * worker leased (`busy` answers when none is free), the record started and kept beating, a
 * temporary folder. A body that throws leaves the record failed with the answer's own words
 * (never a parser's, which may quote the file); the folder, the lease and the beat end either way.
 */
export async function runImport<Chunk, Collected, Result>(
  db: Db,
  ctx: Ctx,
  setup: {
    kind: ImportKind
    fileName: string
    lease: () => ParseLease<Chunk, Collected> | undefined
    busy: () => AppError
    log: ImportLog
  },
  body: (run: ImportRun<Chunk, Collected>) => Promise<Result>,
): Promise<Result> {
  const lease = setup.lease()
  if (!lease) throw setup.busy()
  let recordId: string | undefined
  let lastRow: number | null = null
  let stopBeating = () => {}
  const workDir = await mkdtemp(path.join(tmpdir(), `${setup.kind}-import-`))
  try {
    recordId = await startImportRecord(db, ctx, setup.fileName, setup.kind)
    stopBeating = keepBeating(db, recordId, () => lastRow, setup.log)
    return await body({
      recordId,
      workDir,
      lease,
      reached: (row) => {
        lastRow = row
      },
    })
  } catch (error) {
    if (recordId) {
      const failure = error instanceof AppError ? error.message : GENERIC_MESSAGES.internal
      await finishImportRecord(db, recordId, { status: 'failed', failure }).catch((recordError) =>
        setup.log.error({ err: recordError, kind: setup.kind }, 'import record not closed'),
      )
    }
    throw error
  } finally {
    stopBeating()
    lease.release()
    await rm(workDir, { recursive: true, force: true })
  }
}

/** At start-up: records left running by a process that died are interrupted. */
export function interruptAbandonedImports(db: Db): Promise<number> {
  return repository.interruptStaleImports(db, IMPORT_STALE_SECONDS)
}

/** The agency's latest imports of a kind, newest first; a running one whose beat stopped reads as interrupted. */
export async function listImports(db: Db, ctx: Ctx, kind: ImportKind = 'clients'): Promise<ImportRecord[]> {
  const rows = await repository.listRecentImports(db, {
    agencyId: ctx.actor.agencyId,
    kind,
    limit: RECENT_IMPORTS,
    staleSeconds: IMPORT_STALE_SECONDS,
  })
  return toRecords(db, rows)
}

/** One of the agency's imports of a kind (its progress while it runs); another agency's is not found. */
export async function getImportRecord(
  db: Db,
  ctx: Ctx,
  kind: ImportKind,
  id: string,
): Promise<ImportRecord | undefined> {
  const rows = await repository.listRecentImports(db, {
    agencyId: ctx.actor.agencyId,
    kind,
    id,
    limit: 1,
    staleSeconds: IMPORT_STALE_SECONDS,
  })
  return (await toRecords(db, rows))[0]
}

async function toRecords(
  db: Db,
  rows: Awaited<ReturnType<typeof repository.listRecentImports>>,
): Promise<ImportRecord[]> {
  const authors = await findUserNames(
    db,
    rows.map((row) => row.record.userId),
  )
  return rows.map(({ record, stale }) => {
    const author = authors.get(record.userId)
    return {
      id: record.id,
      fileName: record.fileName,
      status:
        record.status === 'running' && stale ? 'interrupted' : (record.status as ImportRecord['status']),
      importedBy: author?.firstName ? `${author.firstName} ${author.lastName}` : null,
      startedAt: record.startedAt.toISOString(),
      finishedAt: (record.finishedAt ?? (stale ? record.heartbeatAt : null))?.toISOString() ?? null,
      totalRows: record.totalRows,
      imported: record.imported,
      duplicates: record.duplicates,
      errors: record.errors,
      failure: record.failure,
      lastRow: record.lastRow,
    }
  })
}
