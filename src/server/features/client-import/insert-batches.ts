import type { Db } from '#server/db/connect.ts'
import { insertImportedClients } from '#server/features/clients/clients.service.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type { Duplicate } from './collect-rows.ts'
import type { StagedRow } from './row-stage.ts'

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
 * Writes the staged rows batch by batch, each batch in its own transaction: a batch is saved whole
 * or not at all, and batches already committed stay when a later one fails. The unique index on
 * (agency, lower(email)) skips emails the agency has, even ones another import wrote a moment ago,
 * so no row is checked twice. The first failed batch stops the import: the database is likely
 * down, and importing the same file again resumes it (saved rows come back as duplicates).
 */
export async function insertStagedRows(
  db: Db,
  cipher: FieldCipher,
  ctx: Ctx,
  batches: AsyncIterable<StagedRow[]>,
  log: ImportLog,
): Promise<WrittenRows> {
  const written: WrittenRows = { imported: [], duplicates: [] }
  for await (const batch of batches) {
    let saved: Awaited<ReturnType<typeof insertImportedClients>>
    try {
      saved = await db.transaction((tx) =>
        insertImportedClients(
          tx,
          cipher,
          ctx,
          batch.map((staged) => staged.client),
        ),
      )
    } catch (error) {
      // Not the error itself: a failed query carries the batch's names and emails as parameters.
      const cause = ((error as { cause?: unknown }).cause ?? error) as Record<string, unknown>
      const { code, constraint, column } = cause
      log.error(
        { firstRow: batch[0]!.row, rows: batch.length, sqlState: code, constraint, column },
        'client import batch rolled back',
      )
      written.failedAtRow = batch[0]!.row
      return written
    }
    const savedByEmail = new Map(saved.map((client) => [client.email?.toLowerCase(), client]))
    for (const { row, client } of batch) {
      const savedClient = savedByEmail.get(client.email)
      if (savedClient) {
        written.imported.push(`${savedClient.firstName} ${savedClient.lastName} <${savedClient.email}>`)
      } else {
        written.duplicates.push({ row, email: client.email })
      }
    }
  }
  return written
}
