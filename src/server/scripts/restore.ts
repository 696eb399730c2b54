// npm run restore -- <backup.tar.gz> [--force]: puts a backup back into DATA_DIR, for a stopped
// app. Refuses a DATA_DIR that already holds data unless --force, which moves that data aside
// (never deletes it). The keys are not in a backup: it says which ones DATA_DIR still lacks.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '#server/config.ts'
import { DataDirInUseError } from '#server/db/data-dir-lock.ts'
import { BadBackupError } from '#server/platform/backup/read-backup.ts'
import { RestoreRefusedError, restoreBackup } from '#server/platform/backup/restore-backup.ts'

const args = process.argv.slice(2)
const force = args.includes('--force')
const files = args.filter((arg) => !arg.startsWith('--'))
if (files.length !== 1 || args.some((arg) => arg.startsWith('--') && arg !== '--force')) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]')
  process.exit(2)
}
const config = loadConfig()
if (config.DATABASE_URL) {
  console.error(
    'npm run restore is for the embedded database. On PostgreSQL use pg_restore (README, Backups).',
  )
  process.exit(2)
}
const dataDir = path.resolve(config.DATA_DIR)

try {
  const restored = await restoreBackup({ archive: path.resolve(files[0]!), dataDir, force })
  const contents = restored.manifest.filesIncluded ? `and ${restored.files} files` : '(files are in S3)'
  console.log(
    `Restored the backup of ${restored.manifest.createdAt} into ${dataDir}: the database ${contents}.`,
  )
  if (restored.movedAside) console.log(`What was there before is in ${restored.movedAside}.`)
} catch (error) {
  if (
    !(
      error instanceof RestoreRefusedError ||
      error instanceof BadBackupError ||
      error instanceof DataDirInUseError
    )
  )
    throw error
  console.error(error.message)
  process.exit(1)
}

// Each key, the variable that may stand for it, and what is lost without it.
const keys = [
  ['encryption.key', config.DATA_ENCRYPTION_KEY, 'SSNs, licence and bank numbers cannot be read'],
  ['audit-signing.key', config.AUDIT_SIGNING_KEY, 'audit checkpoints already handed out are not recognised'],
  ['signing.p12', config.SIGNING_P12_PATH, 'new seals come from a new self-signed certificate'],
  ['session.key', config.SESSION_SECRET, 'sign-ins in progress start again (harmless)'],
] as const
const missing = keys.filter(([file, variable]) => !variable && !existsSync(path.join(dataDir, file)))
if (missing.length > 0) {
  console.log(`\nBefore you start the app, copy the keys you kept into ${dataDir} (mode 0600):`)
  for (const [file, , loss] of missing)
    console.log(`  ${file}: without it the app makes a new one, and ${loss}.`)
}
