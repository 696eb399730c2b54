import type { Db, Tx } from '#server/db/connect.ts'
import { insertSpreadsheetClients, limitImportLockWait } from '#server/features/clients/clients.service.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { ChunkStage } from './chunk-stage.service.ts'
import type { ClientChunk } from './client-chunk.service.ts'
import type { Duplicate } from './collect-rows.ts'
import { IMPORT_BATCH_SIZE, IMPORT_LOCK_WAIT_MS, IMPORT_OPEN_BATCHES } from './import-limits.service.ts'
import { type OpenBatch, openBatch } from './open-batch.ts'

/** The request's logger; the service takes it as a plain interface so it never imports Fastify. */
export interface ImportLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface WrittenRows {
  /** 'First Last <email>' of each client written, in row order. */
  imported: string[]
  /** Rows whose email the agency already had (or got from a concurrent import meanwhile). */
  duplicates: Duplicate[]
  /** The first row of the batch the database refused; that batch and later ones were not written. */
  failedAtRow?: number
}

/**
 * Writes the valid rows batch by batch, each batch in its own transaction: a batch is saved whole
 * or not at all, batches commit in file order, and batches already committed stay when a later one
 * fails. The unique index on (agency, lower(email)) skips emails the agency has, even ones another
 * import wrote a moment ago, so no row is checked twice. The first failed batch stops the import:
 * the database is likely down, and importing the same file again resumes it (saved rows come back
 * as duplicates).
 *
 * With `concurrent` (PostgreSQL), the first batches are written while the file is still being read
 * and commit only once it has all been read, and afterwards one batch is written while the one
 * before commits. Those batches wait for their commit holding their rows, so each gives up waiting
 * on another transaction's rows after IMPORT_LOCK_WAIT_MS. Whatever makes such a batch fail (that,
 * a deadlock, a connection the server closed as idle, or a row the database refuses), it is rolled
 * back with the ones after it and the import goes on from it one batch at a time, as it always
 * does on the embedded database: a batch only counts as failed there.
 */
export function createBatchWriter(db: Db, ctx: Ctx, stage: ChunkStage, concurrent: boolean) {
  let window = concurrent ? IMPORT_OPEN_BATCHES : 1
  const open: OpenBatch[] = []
  let acceptingEarly = concurrent

  const start = () => {
    const waitsForCommit = window > 1
    const batch = openBatch(db, {
      setup: waitsForCommit ? (tx: Tx) => limitImportLockWait(tx, IMPORT_LOCK_WAIT_MS) : undefined,
      insert: (tx, chunk) => insertSpreadsheetClients(tx, ctx, chunk.columns),
    })
    open.push(batch)
    return batch
  }
  const endAll = (batches: OpenBatch[]) => Promise.all(batches.map((batch) => batch.end(false)))

  /** Fills the window from `chunks`: a new batch once the last one holds IMPORT_BATCH_SIZE rows. */
  async function fill(chunks: AsyncIterator<ClientChunk>): Promise<void> {
    while (true) {
      const last = open.at(-1)
      if ((!last || last.rowCount >= IMPORT_BATCH_SIZE) && open.length >= window) return
      const next = await chunks.next()
      if (next.done) return
      ;(last && last.rowCount < IMPORT_BATCH_SIZE ? last : start()).add(next.value)
    }
  }

  return {
    /** While the file is read: a chunk goes to an open batch if there is room, else to the stage. */
    async add(chunk: ClientChunk): Promise<void> {
      const last = open.at(-1)
      if (acceptingEarly && last && last.rowCount < IMPORT_BATCH_SIZE) return last.add(chunk)
      if (acceptingEarly && open.length < window) return start().add(chunk)
      acceptingEarly = false
      await stage.put(chunk)
    },

    /** The file was not read to its end: nothing it wrote may stay. */
    abort: () => endAll(open.splice(0)),

    /** The file has been read whole: commits the open batches in order, then writes the staged rows. */
    async finish(log: ImportLog): Promise<WrittenRows> {
      const written: WrittenRows = { imported: [], duplicates: [] }
      let retry: ClientChunk[] = []
      const staged = stage.chunks()
      const chunks: AsyncIterator<ClientChunk> = {
        next: async () => (retry.length > 0 ? { value: retry.shift()!, done: false } : staged.next()),
      }
      await fill(chunks)
      while (open.length > 0) {
        const batch = open.shift()!
        const outcome = await batch.outcome()
        let failure = outcome.error
        if (outcome.error === undefined) {
          try {
            await batch.end(true)
          } catch (error) {
            failure = error
          }
        }
        if (failure !== undefined) {
          const later = open.splice(0)
          await endAll([batch, ...later])
          if (window > 1) {
            // Rolled back whole: written again, and what follows, one batch at a time.
            window = 1
            retry = [...batch.chunks, ...later.flatMap((b) => b.chunks), ...retry]
            await fill(chunks)
            continue
          }
          // Not the error itself: a failed query carries the batch's names and emails as parameters.
          const cause = ((failure as { cause?: unknown }).cause ?? failure) as Record<string, unknown>
          const { code, constraint, column } = cause ?? {}
          log.error(
            { firstRow: batch.firstRow, rows: batch.rowCount, sqlState: code, constraint, column },
            'client import batch rolled back',
          )
          written.failedAtRow = batch.firstRow
          return written
        }
        const { saved } = outcome as { saved: Set<string> }
        for (const { rows, firstNames, lastNames, emails } of batch.chunks) {
          emails.forEach((email, i) => {
            if (saved.has(email)) written.imported.push(`${firstNames[i]} ${lastNames[i]} <${email}>`)
            else written.duplicates.push({ row: rows[i]!, email })
          })
        }
        await fill(chunks)
      }
      return written
    },
  }
}
export type BatchWriter = ReturnType<typeof createBatchWriter>
