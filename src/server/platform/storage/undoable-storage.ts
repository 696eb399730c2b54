import type { FileStorage } from './storage.ts'

/**
 * Storage that remembers what it wrote, for work whose rows are written in a transaction: when the
 * transaction rolls back, `undo` removes the objects it stored, so a failed request leaves no
 * file behind (the orphan sweep stays the last resort, for a crash between the two).
 */
export function undoableStorage(storage: FileStorage): { storage: FileStorage; undo(): Promise<void> } {
  const written = new Set<string>()
  const tracked: FileStorage = {
    kind: storage.kind,
    async put(key, body, options) {
      written.add(key)
      return storage.put(key, body, options)
    },
    get: (key) => storage.get(key),
    head: (key) => storage.head(key),
    delete: (key) => storage.delete(key),
    list: (prefix) => storage.list(prefix),
  }
  return {
    storage: tracked,
    async undo() {
      await Promise.all([...written].map((key) => storage.delete(key).catch(() => undefined)))
      written.clear()
    },
  }
}
