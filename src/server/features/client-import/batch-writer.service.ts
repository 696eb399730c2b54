import type { Db } from '#server/db/connect.ts'
import { insertSpreadsheetClients, limitImportLockWait } from '#server/features/clients/clients.service.ts'
import type { Ctx } from '#server/platform/context.ts'
import { createBatchWriter, type ImportLog } from '#server/platform/spreadsheet-import/batch-writer.ts'
import type { ChunkStage } from '#server/platform/spreadsheet-import/chunk-stage.ts'
import { IMPORT_LOCK_WAIT_MS } from '#server/platform/spreadsheet-import/import-limits.ts'
import type { ClientChunk } from './client-chunk.service.ts'
import type { Duplicate } from './collect-rows.ts'

export type { ImportLog } from '#server/platform/spreadsheet-import/batch-writer.ts'

export interface WrittenRows {
  /** 'First Last <email>' of each client written, in row order. */
  imported: string[]
  /** Rows whose email the agency already had (or got from a concurrent import meanwhile). */
  duplicates: Duplicate[]
  /** The first row of the batch the database refused; that batch and later ones were not written. */
  failedAtRow?: number
}

/**
 * The client import's writer (platform batch-writer.ts): the unique index on (agency,
 * lower(email)) skips emails the agency has, even ones another import wrote a moment ago, so no
 * row is checked twice; an email the insert did not answer is a duplicate.
 */
export function createClientBatchWriter(
  db: Db,
  ctx: Ctx,
  stage: ChunkStage<ClientChunk>,
  concurrent: boolean,
) {
  const written: WrittenRows = { imported: [], duplicates: [] }
  const writer = createBatchWriter<ClientChunk, string[]>(
    db,
    {
      label: 'client import',
      insert: (tx, chunk) => insertSpreadsheetClients(tx, ctx, chunk.columns),
      limitLockWait: (tx) => limitImportLockWait(tx, IMPORT_LOCK_WAIT_MS),
      settle({ rows, firstNames, lastNames, emails }, savedEmails) {
        const saved = new Set(savedEmails)
        emails.forEach((email, i) => {
          if (saved.has(email)) written.imported.push(`${firstNames[i]} ${lastNames[i]} <${email}>`)
          else written.duplicates.push({ row: rows[i]!, email })
        })
      },
    },
    stage,
    concurrent,
  )
  return {
    add: writer.add,
    abort: writer.abort,
    async finish(log: ImportLog): Promise<WrittenRows> {
      const { failedAtRow } = await writer.finish(log)
      return failedAtRow === undefined ? written : { ...written, failedAtRow }
    },
  }
}
export type ClientBatchWriter = ReturnType<typeof createClientBatchWriter>
