import type { Db, Tx } from '#server/db/connect.ts'

/** What a batch writes: valid rows in file order (`rows` are their sheet rows), in the import's own shape. */
export interface RowChunk {
  rows: number[]
}

/** Thrown inside the transaction to end it without committing; never leaves this module. */
class RollBack extends Error {}

/** Each chunk's insert answer, in the order the chunks were added; or the first error. */
export type BatchOutcome<R> = { results: R[]; error?: undefined } | { error: unknown }

/**
 * One batch's transaction, open until the caller decides: its chunks' inserts run in order as
 * they are added, while the caller goes on reading the file, and nothing is committed until
 * end(true). The caller must end every batch it opens.
 */
export function openBatch<C extends RowChunk, R>(
  db: Db,
  write: { setup?: (tx: Tx) => Promise<void>; insert: (tx: Tx, chunk: C) => Promise<R> },
) {
  const chunks: C[] = []
  const results: R[] = []
  let error: unknown
  let failed = false
  let decide: (commit: boolean) => void = () => {}
  const decision = new Promise<boolean>((resolve) => {
    decide = resolve
  })
  let begin: (tx: Tx) => void = () => {}
  const begun = new Promise<Tx>((resolve) => {
    begin = resolve
  })
  const transaction = db.transaction(async (tx) => {
    begin(tx)
    if (!(await decision)) throw new RollBack()
  })
  // A connection or BEGIN that fails ends the transaction before it begins: the queued work fails.
  const ready = Promise.race([begun, transaction.then(() => Promise.reject(new Error('ended')))])
  let work: Promise<void> = ready.then((tx) => write.setup?.(tx))
  const fail = (reason: unknown) => {
    if (!failed) error = reason
    failed = true
  }
  work = work.catch(fail)

  return {
    chunks,
    get firstRow() {
      return chunks[0]?.rows[0] ?? 0
    },
    get rowCount() {
      return chunks.reduce((sum, chunk) => sum + chunk.rows.length, 0)
    },
    /** Queues a chunk's insert; a failed one makes the later ones skip. */
    add(chunk: C): void {
      chunks.push(chunk)
      work = work
        .then(async () => {
          if (failed) return
          results.push(await write.insert(await ready, chunk))
        })
        .catch(fail)
    },
    /** Waits for the queued inserts: their answers, or the first error. */
    async outcome(): Promise<BatchOutcome<R>> {
      await work
      return failed ? { error } : { results }
    },
    /** Commits (after inserts that all succeeded) or rolls back, and waits for the transaction to end. */
    async end(commit: boolean): Promise<void> {
      await work
      decide(commit && !failed)
      try {
        await transaction
      } catch (reason) {
        if (commit && !(reason instanceof RollBack)) throw reason
      }
    },
  }
}
export type OpenBatch<C extends RowChunk, R> = ReturnType<typeof openBatch<C, R>>
