import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/connect.ts'
import { syncFolder } from '../sync-folder.ts'
import { backupFileName, TEMP_PREFIX } from './backup-folder.ts'
import {
  BACKUP_FORMAT,
  type BackupManifest,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  PGDATA_ENTRY,
} from './backup-manifest.ts'
import { removeStaleStaging, STAGING_PREFIX, type StagedFile, stageFiles } from './stage-files.ts'
import { type TarEntry, tarStream } from './tar-writer.ts'

export interface BackupTarget {
  dataDir: string
  backupDir: string
  /** False when the files live in S3 rather than DATA_DIR/files. */
  includeFiles: boolean
}

export interface WrittenBackup {
  file: string
  bytes: number
  files: number
}

async function postgresVersion(database: Database): Promise<string> {
  const result = await database.db.execute(sql`SHOW server_version`)
  return String((result as unknown as { rows: { server_version: string }[] }).rows[0]?.server_version)
}

function* entries(manifest: BackupManifest, pgdata: Uint8Array, files: StagedFile[]): Generator<TarEntry> {
  const mtime = new Date(manifest.createdAt)
  const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
  yield { name: MANIFEST_ENTRY, size: json.length, mtime, body: json }
  yield { name: PGDATA_ENTRY, size: pgdata.length, mtime, body: pgdata }
  for (const file of files)
    yield {
      name: FILES_PREFIX + file.key,
      size: file.size,
      mtime: file.mtime,
      body: () => createReadStream(file.path),
    }
}

/**
 * One consistent backup of the embedded database and its files, as one .tar.gz in the backup
 * folder: the database is dumped and the files hard-linked aside in the same moment, while no
 * transaction is open, then archived while the app goes on. Written under a temp name, flushed,
 * then renamed, so the folder only ever holds whole backups. Only on PGlite: PostgreSQL has
 * pg_dump (README).
 */
export async function writeBackup(
  database: Database,
  target: BackupTarget,
  now = new Date(),
): Promise<WrittenBackup> {
  if (!database.snapshot) throw new Error('Backups are for the embedded database; use pg_dump on PostgreSQL')
  await mkdir(target.backupDir, { recursive: true, mode: 0o700 })
  await removeStaleStaging(target.dataDir, now)
  // In DATA_DIR, beside the files: hard links cannot cross to another disk, BACKUP_DIR may be one.
  const staging = path.join(target.dataDir, `${STAGING_PREFIX}${randomUUID()}`)
  const filesDir = path.join(target.dataDir, 'files')
  const temp = path.join(target.backupDir, `${TEMP_PREFIX}${randomUUID()}.tar.gz`)
  try {
    const version = await postgresVersion(database)
    let files: StagedFile[] = []
    const dump = await database.snapshot(async () => {
      if (target.includeFiles) files = await stageFiles(filesDir, staging)
    })
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      postgresVersion: version,
      files: files.length,
      filesIncluded: target.includeFiles,
    }
    const pgdata = new Uint8Array(await dump.arrayBuffer())
    await pipeline(
      Readable.from(tarStream(entries(manifest, pgdata, files))),
      createGzip(),
      createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true }),
    )
    const file = path.join(target.backupDir, backupFileName(now))
    await rename(temp, file)
    await syncFolder(target.backupDir)
    return { file, bytes: (await stat(file)).size, files: files.length }
  } finally {
    await rm(temp, { force: true })
    await rm(staging, { recursive: true, force: true })
  }
}
