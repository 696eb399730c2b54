import { copyFile, link, mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { millisecondsInDay } from 'date-fns/constants'

export interface StagedFile {
  /** The storage key: the path under DATA_DIR/files, '/'-separated. */
  key: string
  path: string
  size: number
  mtime: Date
}

/** A staging folder this old belongs to no backup in flight: its process died mid-way. */
const STAGING_MAX_AGE_MS = millisecondsInDay
export const STAGING_PREFIX = '.backup-staging-'

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * False when the file is gone: files are deleted after their row's transaction commits, outside
 * the database's hold, so one may go between the listing and the link. Its row went first.
 */
async function linkOrCopy(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target).catch((error) => {
      if (isMissing(error)) throw error
      return copyFile(source, target)
    })
    return true
  } catch (error) {
    if (isMissing(error)) return false
    throw error
  }
}

/**
 * Hard-links every stored file into `staging`, keeping its key. Disk storage never rewrites a file
 * in place (a put renames a new one over it, a delete unlinks it), so a link is a copy of that
 * moment that costs no bytes, and linking is quick enough to do while the database is held still.
 * Where links are refused (another file system), the file is copied instead. Names starting with
 * '.' are skipped, as disk storage does: its `.tmp` holds writes in flight.
 */
export async function stageFiles(filesDir: string, staging: string): Promise<StagedFile[]> {
  const staged: StagedFile[] = []
  async function walk(dir: string, keyPrefix: string) {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    })
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      const key = keyPrefix + entry.name
      const source = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        await walk(source, `${key}/`)
        continue
      }
      if (!entry.isFile()) continue
      const target = path.join(staging, ...key.split('/'))
      await mkdir(path.dirname(target), { recursive: true })
      if (!(await linkOrCopy(source, target))) continue
      const info = await stat(target)
      staged.push({ key, path: target, size: info.size, mtime: info.mtime })
    }
  }
  await walk(filesDir, '')
  return staged
}

/** Removes staging folders left in DATA_DIR by backups whose process died. */
export async function removeStaleStaging(dataDir: string, now = new Date()): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[])
  for (const name of names) {
    if (!name.startsWith(STAGING_PREFIX)) continue
    const info = await stat(path.join(dataDir, name)).catch(() => null)
    if (info && now.getTime() - info.mtimeMs > STAGING_MAX_AGE_MS)
      await rm(path.join(dataDir, name), { recursive: true, force: true })
  }
}
