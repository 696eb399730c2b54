import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * Temp folders a test file makes, removed by `removeAll` after it: an embedded database on disk
 * is tens of MB, and the machine is shared.
 */
export function tempDirs() {
  const made: string[] = []
  return {
    make(prefix: string): string {
      const dir = mkdtempSync(path.join(tmpdir(), prefix))
      made.push(dir)
      return dir
    },
    /** A folder made elsewhere (a fixture's DATA_DIR), removed with the others. */
    adopt(dir: string): string {
      made.push(dir)
      return dir
    },
    removeAll(): void {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
    },
  }
}
