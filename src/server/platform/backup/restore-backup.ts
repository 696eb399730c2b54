import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { createPglite } from '#server/db/connect.ts'
import { lockDataDir } from '#server/db/data-dir-lock.ts'
import type { BackupManifest } from './backup-manifest.ts'
import { BadBackupError, readBackup } from './read-backup.ts'

export class RestoreRefusedError extends Error {}

export interface RestoredBackup {
  manifest: BackupManifest
  files: number
  /** Where the data that was in DATA_DIR went (with --force), or null when there was none. */
  movedAside: string | null
}

/** A folder with anything in it but disk storage's own temp folder. */
async function holdsData(dir: string): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[])
  return names.some((name) => name !== '.tmp')
}

/**
 * Restores a backup into DATA_DIR for a stopped app (the folder is claimed for the whole time, so
 * the app cannot start half-way through). Everything is first unpacked beside the live data and
 * the database opened once from it, which proves the dump loads; only then does it take the place
 * of DATA_DIR/pgdata and DATA_DIR/files. Data already there is never deleted: without `force` the
 * restore refuses, with it the old folders move to DATA_DIR/replaced-<time>/.
 * The keys are not in a backup: the caller says which ones DATA_DIR still lacks.
 */
export async function restoreBackup(options: {
  archive: string
  dataDir: string
  force?: boolean
  now?: Date
}): Promise<RestoredBackup> {
  const dataDir = path.resolve(options.dataDir)
  if (!existsSync(options.archive)) throw new BadBackupError(`No such backup: ${options.archive}`)
  const release = lockDataDir(dataDir)
  const staging = path.join(dataDir, `.restore-${randomUUID()}`)
  try {
    const live = { pgdata: path.join(dataDir, 'pgdata'), files: path.join(dataDir, 'files') }
    const occupied = [
      ...((await holdsData(live.pgdata)) ? [live.pgdata] : []),
      ...((await holdsData(live.files)) ? [live.files] : []),
    ]
    if (occupied.length > 0 && !options.force)
      throw new RestoreRefusedError(
        `${occupied.join(' and ')} already hold data. Restore into an empty DATA_DIR, or add --force ` +
          'to move what is there aside (to DATA_DIR/replaced-<time>/) first.',
      )
    const unpacked = { pgdata: path.join(staging, 'pgdata'), files: path.join(staging, 'files') }
    await mkdir(unpacked.files, { recursive: true })
    const backup = await readBackup(options.archive, unpacked.files)
    try {
      const client = await createPglite({ dataDir: unpacked.pgdata, loadDataDir: backup.pgdata })
      await client.query('SELECT 1')
      await client.close()
    } catch (error) {
      // Most likely another PostgreSQL major version than this PGlite's: the manifest names it.
      throw new BadBackupError(
        `The backup's database (PostgreSQL ${backup.manifest.postgresVersion}) does not open here: ${(error as Error).message}`,
      )
    }

    let movedAside: string | null = null
    if (occupied.length > 0) {
      const stamp = (options.now ?? new Date())
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/[-:]/g, '')
      movedAside = path.join(dataDir, `replaced-${stamp}`)
      await mkdir(movedAside, { recursive: true })
      for (const name of ['pgdata', 'files'] as const)
        if (existsSync(live[name])) await rename(live[name], path.join(movedAside, name))
    }
    await rm(live.pgdata, { recursive: true, force: true })
    await rename(unpacked.pgdata, live.pgdata)
    // Files kept in S3 are not in the backup: the bucket keeps them, and the local folder stays.
    if (backup.manifest.filesIncluded) {
      await rm(live.files, { recursive: true, force: true })
      await rename(unpacked.files, live.files)
    }
    return { manifest: backup.manifest, files: backup.files, movedAside }
  } finally {
    await rm(staging, { recursive: true, force: true })
    release()
  }
}
