import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/connect.ts'
import { scheduleRecurringJobs } from '#server/features/index.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import { tempDirs } from '#test/temp-dirs.ts'
import { createTestPglite } from '#test/test-db.ts'
import { BACKUP_JOB, type BackupSettings, createBackupHandler, nextBackupRun } from './backup.job.ts'
import { backupFileName, listBackups } from './backup-folder.ts'

let database: Database
let settings: BackupSettings
const dirs = tempDirs()
const quiet = { info() {} }
const job = { id: 'x', type: BACKUP_JOB, agencyId: null, payload: {}, attempts: 1, maxAttempts: 3 }
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)

async function booked() {
  return database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, BACKUP_JOB), eq(jobs.status, 'queued')))
}

beforeAll(async () => {
  database = await createTestPglite()
}, 60_000)
afterAll(async () => {
  await database.close()
  dirs.removeAll()
})
beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM jobs WHERE type = ${BACKUP_JOB}`)
  const dataDir = dirs.make('backup-job-')
  mkdirSync(path.join(dataDir, 'files'))
  writeFileSync(path.join(dataDir, 'files', 'one'), 'a stored file')
  settings = { database, dataDir, backupDir: path.join(dataDir, 'backups'), includeFiles: true, keep: 3 }
})

describe('the daily backup job', () => {
  it('runs daily at 03:00 UTC, booked only where the process owns the embedded database', async () => {
    expect(nextBackupRun(new Date('2026-11-28T02:59:00Z')).toISOString()).toBe('2026-11-28T03:00:00.000Z')
    expect(nextBackupRun(new Date('2026-11-28T03:00:00Z')).toISOString()).toBe('2026-11-29T03:00:00.000Z')
    await scheduleRecurringJobs(database.db)
    expect(await booked()).toEqual([])
    await scheduleRecurringJobs(database.db, { backups: true })
    await scheduleRecurringJobs(database.db, { backups: true })
    expect((await booked()).map((row) => row.runAt.toISOString())).toEqual([
      nextBackupRun(new Date()).toISOString(),
    ])
  })

  it('writes a backup, keeps the newest BACKUP_KEEP and books tomorrow’s run; a second run that day writes none', async () => {
    mkdirSync(settings.backupDir)
    const old = [4, 3, 2, 1].map((days) => backupFileName(daysAgo(days)))
    for (const name of old) writeFileSync(path.join(settings.backupDir, name), 'old')
    const handler = createBackupHandler(database.db, settings, quiet)
    await handler(job)
    const kept = await listBackups(settings.backupDir)
    expect(kept.map((backup) => backup.name)).toEqual([
      expect.stringMatching(/^backup-\d{8}T\d{6}Z\.tar\.gz$/),
      old[3],
      old[2],
    ])
    expect(Date.now() - kept[0]!.createdAt.getTime()).toBeLessThan(60_000)
    expect(readFileSync(kept[0]!.file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
    expect(await booked()).toHaveLength(1)

    await handler(job)
    expect((await listBackups(settings.backupDir)).map((backup) => backup.name)).toEqual(
      kept.map((b) => b.name),
    )
    expect(await booked()).toHaveLength(1)
  }, 60_000)

  it('is not held off by a backup dated ahead of the clock', async () => {
    mkdirSync(settings.backupDir)
    writeFileSync(path.join(settings.backupDir, backupFileName(new Date('2099-01-01T03:00:00Z'))), 'future')
    await createBackupHandler(database.db, settings, quiet)(job)
    expect(await listBackups(settings.backupDir)).toHaveLength(2)
  }, 60_000)

  it('books the next run after a failed one', async () => {
    writeFileSync(settings.backupDir, 'a file where the folder should be')
    await expect(createBackupHandler(database.db, settings, quiet)(job)).rejects.toThrow()
    expect(await booked()).toHaveLength(1)
  }, 60_000)

  it('on PostgreSQL does nothing and books nothing', async () => {
    await createBackupHandler(database.db, undefined, quiet)(job)
    expect(await booked()).toEqual([])
    expect(await listBackups(settings.backupDir)).toEqual([])
  })
})
