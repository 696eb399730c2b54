import { millisecondsInDay } from 'date-fns/constants'
import type { Db } from '#server/db/connect.ts'
import type { FileStorage, StoredObject } from '#server/platform/storage/storage.ts'
import { findExistingIds } from './documents.repository.ts'
import { DOCUMENTS_PREFIX } from './documents.service.ts'

/** An object this young may belong to a transaction still in flight: its row is not visible yet. */
export const ORPHAN_MIN_AGE_MS = millisecondsInDay
const BATCH = 500
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function documentIdOf(key: string): string | null {
  const id = key.slice(key.lastIndexOf('/') + 1)
  return UUID.test(id) ? id : null
}

/**
 * Removes stored documents that have no row and are older than a day: what is left when a
 * transaction that stored a file rolled back, or a process died between deleting a row and its
 * object. Answers how many it removed.
 */
export async function sweepOrphanFiles(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  let removed = 0
  let batch: StoredObject[] = []
  const flush = async () => {
    const ids = batch.map((object) => documentIdOf(object.key)).filter((id): id is string => id !== null)
    const existing = await findExistingIds(db, ids)
    for (const object of batch) {
      const id = documentIdOf(object.key)
      if (id && existing.has(id)) continue
      await storage.delete(object.key)
      removed++
    }
    batch = []
  }
  for await (const object of storage.list(DOCUMENTS_PREFIX)) {
    if (now.getTime() - object.lastModified.getTime() < ORPHAN_MIN_AGE_MS) continue
    batch.push(object)
    if (batch.length >= BATCH) await flush()
  }
  if (batch.length > 0) await flush()
  return removed
}
