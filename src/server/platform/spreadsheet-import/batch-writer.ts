import type { Db, Tx } from '#server/db/connect.ts'
import type { ChunkStage } from './chunk-stage.ts'
import { IMPORT_BATCH_SIZE, IMPORT_OPEN_BATCHES } from './import-limits.ts'
import { type OpenBatch, openBatch, type RowChunk } from './open-batch.ts'

/** The request's logger; services take it as a plain interface so they never import Fastify. */
export interface ImportLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface BatchWrites<C extends RowChunk, R> {
  /** Writes one chunk inside the batch's transaction; its answer goes to `settle` once committed. */
  insert(tx: Tx, chunk: C): Promise<R>
  /** Run first in a batch that waits for its commit (window > 1): bound its lock waits. */
  limitLockWait?(tx: Tx): Promise<void>
  /** A committed chunk and its insert's answer, in file order. */
  settle(chunk: C, result: R): void
  /** Names the import in the log line of a rolled-back batch. */
  label: string
}

/**
 * Writes the valid rows batch by batch, each batch in its own transaction: a batch is saved whole
 * or not at all, batches commit in file order, and batches already committed stay when a later one
 * fails. The first failed batch stops the import (answered as `failedAtRow`): the database is
 * likely down, and importing the same file again resumes it (saved rows come back as duplicates).
 *
 * With `concurrent` (PostgreSQL), the first batches are written while the file is still being read
 * and commit only once it has all been read, and afterwards one batch is written while the one
 * before commits. Those batches wait for their commit holding their rows, so each bounds its lock
 * waits (`limitLockWait`). Whatever makes such a batch fail, it is rolled back with the ones after
 * it and the import goes on from it one batch at a time, as it always does without `concurrent`:
 * a batch only counts as failed there.
 */
export function createBatchWriter<C extends RowChunk, R>(
  db: Db,
  writes: BatchWrites<C, R>,
  stage: ChunkStage<C>,
  concurrent: boolean,
) {
  let window = concurrent ? IMPORT_OPEN_BATCHES : 1
  const open: OpenBatch<C, R>[] = []
  let acceptingEarly = concurrent
  const rowCount = (batch: OpenBatch<C, R>) => batch.rowCount

  const start = () => {
    const waitsForCommit = window > 1 && writes.limitLockWait
    const batch = openBatch<C, R>(db, {
      setup: waitsForCommit ? (tx: Tx) => writes.limitLockWait!(tx) : undefined,
      insert: (tx, chunk) => writes.insert(tx, chunk),
    })
    open.push(batch)
    return batch
  }
  const endAll = (batches: OpenBatch<C, R>[]) => Promise.all(batches.map((batch) => batch.end(false)))

  /** Fills the window from `chunks`: a new batch once the last one holds IMPORT_BATCH_SIZE rows. */
  async function fill(chunks: AsyncIterator<C>): Promise<void> {
    while (true) {
      const last = open.at(-1)
      if ((!last || rowCount(last) >= IMPORT_BATCH_SIZE) && open.length >= window) return
      const next = await chunks.next()
      if (next.done) return
      ;(last && rowCount(last) < IMPORT_BATCH_SIZE ? last : start()).add(next.value)
    }
  }

  return {
    /** While the file is read: a chunk goes to an open batch if there is room, else to the stage. */
    async add(chunk: C): Promise<void> {
      const last = open.at(-1)
      if (acceptingEarly && last && rowCount(last) < IMPORT_BATCH_SIZE) return last.add(chunk)
      if (acceptingEarly && open.length < window) return start().add(chunk)
      acceptingEarly = false
      await stage.put(chunk)
    },

    /** The file was not read to its end: nothing it wrote may stay. */
    abort: () => endAll(open.splice(0)),

    /**
     * The file has been read whole: commits the open batches in order, then writes the staged
     * rows. Answers the first row of the batch the database refused, if one did.
     */
    async finish(log: ImportLog): Promise<{ failedAtRow?: number }> {
      let retry: C[] = []
      const staged = stage.chunks()
      const chunks: AsyncIterator<C> = {
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
          // Not the error itself: a failed query carries the batch's values as parameters.
          const cause = ((failure as { cause?: unknown }).cause ?? failure) as Record<string, unknown>
          const { code, constraint, column } = cause ?? {}
          log.error(
            { firstRow: batch.firstRow, rows: batch.rowCount, sqlState: code, constraint, column },
            `${writes.label} batch rolled back`,
          )
          return { failedAtRow: batch.firstRow }
        }
        const { results } = outcome as { results: R[] }
        batch.chunks.forEach((chunk, i) => {
          writes.settle(chunk, results[i]!)
        })
        await fill(chunks)
      }
      return {}
    },
  }
}
export type BatchWriter<C extends RowChunk, R> = ReturnType<typeof createBatchWriter<C, R>>
