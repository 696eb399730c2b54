// npm run backup: one backup of the embedded database and its files, now, into BACKUP_DIR, for a
// stopped app. A running app makes its own every day; this one refuses while it runs, since
// PGlite's files belong to one process at a time.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '#server/config.ts'
import { type Database, openDatabase } from '#server/db/connect.ts'
import { DataDirInUseError } from '#server/db/data-dir-lock.ts'
import { pruneBackups } from '#server/platform/backup/backup-folder.ts'
import { KEY_FILES } from '#server/platform/backup/backup-manifest.ts'
import { writeBackup } from '#server/platform/backup/write-backup.ts'

const config = loadConfig()
const dataDir = path.resolve(config.DATA_DIR)
if (config.DATABASE_URL) {
  console.error('npm run backup is for the embedded database. On PostgreSQL use pg_dump (README, Backups).')
  process.exit(2)
}
if (!existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) {
  console.error(`No embedded database in ${dataDir}/pgdata: nothing to back up (is DATA_DIR right?).`)
  process.exit(1)
}

let database: Database
try {
  database = await openDatabase(config)
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error
  console.error(error.message)
  console.error(`The running app writes a backup into ${config.backupDir} every day at 03:00 UTC.`)
  process.exit(1)
}
try {
  const written = await writeBackup(database, {
    dataDir,
    backupDir: config.backupDir,
    includeFiles: !config.S3_BUCKET,
  })
  const removed = await pruneBackups(config.backupDir, config.BACKUP_KEEP)
  const megabytes = (written.bytes / 1024 / 1024).toFixed(1)
  console.log(`Wrote ${written.file} (${megabytes} MB: the database and ${written.files} files).`)
  if (removed.length > 0)
    console.log(`Removed ${removed.length} older, keeping the newest ${config.BACKUP_KEEP}.`)
  const keys = KEY_FILES.filter((name) => existsSync(path.join(dataDir, name)))
  if (keys.length > 0)
    console.log(
      `The keys are not in it: keep a copy of ${keys.join(', ')} from ${dataDir} somewhere else, off this machine.`,
    )
} catch (error) {
  console.error('The backup failed:', error)
  process.exitCode = 1
} finally {
  await database.close()
}
