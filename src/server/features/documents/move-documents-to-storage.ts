import type { Db } from '#server/db/connect.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { findLegacyDocuments, setStorageKey } from './documents.repository.ts'
import { storageKeyFor } from './documents.service.ts'

const BATCH = 50

/**
 * Packets made before file storage kept their bytes in the database. At start-up (web and worker
 * alike, before either serves) each is written to storage and its row then points there; a crash
 * midway leaves the row as it was, to be moved by the next start. Answers how many were moved.
 */
export async function moveDocumentsToStorage(db: Db, storage: FileStorage): Promise<number> {
  let moved = 0
  for (;;) {
    const rows = await findLegacyDocuments(db, BATCH)
    if (rows.length === 0) return moved
    for (const row of rows) {
      const key = storageKeyFor(row.agencyId, row.id)
      await storage.put(key, row.content!, { contentType: row.contentType })
      await setStorageKey(db, row.id, key)
      moved++
    }
  }
}
