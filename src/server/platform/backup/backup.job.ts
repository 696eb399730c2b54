import { millisecondsInHour } from 'date-fns/constants'
import type { Database, Db } from '#server/db/connect.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { listBackups, pruneBackups } from './backup-folder.ts'
import { type BackupTarget, writeBackup } from './write-backup.ts'

export const BACKUP_JOB = 'platform.backup'

/** A run finding a backup younger than this has nothing to do (a retry, a takeover, a manual one). */
const FRESH_MS = 12 * millisecondsInHour

export interface BackupSettings extends BackupTarget {
  database: Database
  /** How many backups the folder keeps (BACKUP_KEEP). */
  keep: number
}

/** Daily at 03:00 UTC (night across the US), the next one strictly after `now`. */
export function nextBackupRun(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3))
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1)
  return next
}

/** Booked only by a process on the embedded database: on PostgreSQL, pg_dump does this (README). */
export function scheduleBackups(db: Db, now = new Date()): Promise<void> {
  return scheduleSingleton(db, { type: BACKUP_JOB, singletonKey: BACKUP_JOB, runAt: nextBackupRun(now) })
}

/**
 * Writes today's backup and prunes the folder to the newest `keep`, then books tomorrow's run
 * (even when this one fails). Without settings (a process on PostgreSQL that finds a run booked
 * by an earlier embedded install) it does nothing and books none.
 */
export function createBackupHandler(
  db: Db,
  settings: BackupSettings | undefined,
  log: { info(obj: object, msg: string): void },
): JobHandler {
  return async () => {
    if (!settings) {
      log.info({}, 'backup skipped: the database is PostgreSQL (use pg_dump)')
      return
    }
    try {
      const now = new Date()
      const [latest] = await listBackups(settings.backupDir)
      // A backup dated ahead (the clock was set back) must not hold every later one off.
      const age = latest ? now.getTime() - latest.createdAt.getTime() : Number.POSITIVE_INFINITY
      if (latest && age >= 0 && age < FRESH_MS) {
        log.info({ backup: latest.name }, 'backup skipped: a recent one exists')
        return
      }
      const written = await writeBackup(settings.database, settings, now)
      const removed = await pruneBackups(settings.backupDir, settings.keep, now)
      log.info(
        { backup: written.file, bytes: written.bytes, files: written.files, removed },
        'wrote the daily backup',
      )
    } finally {
      await scheduleBackups(db)
    }
  }
}
