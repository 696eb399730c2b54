import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/connect.ts'
import { lockDataDir } from '#server/db/data-dir-lock.ts'
import { backupFileName } from '#server/platform/backup/backup-folder.ts'
import { loadSecret } from '#server/platform/crypto.ts'
import { tempDirs } from '#test/temp-dirs.ts'

// `npm run backup` and `npm run restore` as an admin runs them, on a stopped app's DATA_DIR.

const dirs = tempDirs()
const fresh = () => dirs.make('scripts-test-')
afterAll(() => dirs.removeAll())

function run(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/server/scripts/${script}.ts`, ...args],
      { env: { ...process.env, DATABASE_URL: '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: stdout + stderr }),
    )
  })
}

let dataDir: string
let backupDir: string
beforeAll(async () => {
  dataDir = fresh()
  backupDir = path.join(dataDir, 'backups')
  const database = await openDatabase({ DATA_DIR: dataDir })
  await database.db.execute(sql`CREATE TABLE notes (body text)`)
  await database.db.execute(sql`INSERT INTO notes VALUES ('kept')`)
  await database.close()
  loadSecret({ dataDir, fileName: 'encryption.key' })
  mkdirSync(path.join(dataDir, 'files'))
  writeFileSync(path.join(dataDir, 'files', 'one'), 'a stored file')
  mkdirSync(backupDir)
  writeFileSync(path.join(backupDir, backupFileName(new Date('2026-01-01T03:00:00Z'))), 'an old one')
}, 60_000)

describe('npm run backup', () => {
  it('refuses while the app holds DATA_DIR', async () => {
    const release = lockDataDir(dataDir)
    try {
      const { code, out } = await run('backup', { DATA_DIR: dataDir })
      expect(code, out).toBe(1)
      expect(out).toContain(`is in use by process ${process.pid}`)
    } finally {
      release()
    }
  }, 60_000)

  it('writes one backup for a stopped app, keeps the newest BACKUP_KEEP and says to keep the keys apart', async () => {
    const { code, out } = await run('backup', { DATA_DIR: dataDir, BACKUP_KEEP: '1' })
    expect(code, out).toBe(0)
    expect(out).toMatch(/Wrote .*backup-\d{8}T\d{6}Z\.tar\.gz \([\d.]+ MB: the database and 1 files\)/)
    expect(out).toContain('Removed 1 older, keeping the newest 1.')
    expect(out).toContain('The keys are not in it: keep a copy of encryption.key')
    expect(readdirSync(backupDir)).toEqual([expect.stringMatching(/^backup-.*\.tar\.gz$/)])
  }, 60_000)
})

describe('npm run restore', () => {
  it('restores into an empty DATA_DIR, names the missing keys, and refuses to overwrite without --force', async () => {
    const [archive] = readdirSync(backupDir)
    const file = path.join(backupDir, archive!)
    const target = fresh()
    const first = await run('restore', { DATA_DIR: target }, [file])
    expect(first.code, first.out).toBe(0)
    expect(first.out).toContain('the database and 1 files')
    expect(first.out).toContain('encryption.key: without it the app makes a new one')
    expect(existsSync(path.join(target, 'files', 'one'))).toBe(true)

    const again = await run('restore', { DATA_DIR: target }, [file])
    expect(again.code, again.out).toBe(1)
    expect(again.out).toContain('already hold data')
    const forced = await run('restore', { DATA_DIR: target }, [file, '--force'])
    expect(forced.code, forced.out).toBe(0)
    expect(forced.out).toMatch(/What was there before is in .*replaced-\d{8}T\d{6}Z/)
    const database = await openDatabase({ DATA_DIR: target })
    const notes = (await database.db.execute(sql`SELECT body FROM notes`)) as unknown as { rows: unknown[] }
    expect(notes.rows).toEqual([{ body: 'kept' }])
    await database.close()
  }, 120_000)
})
