import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPglite, type Database, openDatabase } from '#server/db/connect.ts'
import { tempDirs } from '#test/temp-dirs.ts'
import { loadSecret } from '../crypto.ts'
import { KEY_FILES } from './backup-manifest.ts'
import { readTar } from './tar-reader.ts'
import { writeBackup } from './write-backup.ts'

let dataDir: string
let database: Database
const keys = new Map<string, Buffer>()
const dirs = tempDirs()

beforeAll(async () => {
  dataDir = dirs.make('write-backup-')
  database = await openDatabase({ DATA_DIR: dataDir })
  await database.db.execute(sql`CREATE TABLE pairs (pair int NOT NULL, half int NOT NULL)`)
  // Every key the app generates into DATA_DIR, and one more a later version might add.
  for (const name of ['encryption.key', 'audit-signing.key', 'session.key', 'future.key'])
    keys.set(name, Buffer.from(loadSecret({ dataDir, fileName: name }).toString('hex')))
  keys.set('signing.p12', randomBytes(2048))
  writeFileSync(path.join(dataDir, 'signing.p12'), keys.get('signing.p12')!, { mode: 0o600 })
  mkdirSync(path.join(dataDir, 'files', 'documents', 'agency-1'), { recursive: true })
  mkdirSync(path.join(dataDir, 'files', '.tmp'), { recursive: true })
  writeFileSync(path.join(dataDir, 'files', 'documents', 'agency-1', 'doc-1'), 'the document')
  writeFileSync(path.join(dataDir, 'files', '.tmp', 'half-written'), 'a write in flight')
}, 60_000)
afterAll(async () => {
  await database.close()
  dirs.removeAll()
})

/** Each entry of a backup archive, name → bytes. */
async function entriesOf(file: string): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>()
  await readTar(Readable.from([gunzipSync(readFileSync(file))]), async ({ name }) => {
    const parts: Buffer[] = []
    return {
      write: (chunk) => void parts.push(Buffer.from(chunk)),
      end: async () => void entries.set(name, Buffer.concat(parts)),
    }
  })
  return entries
}

const target = () => ({ dataDir, backupDir: path.join(dataDir, 'backups'), includeFiles: true })

describe('writeBackup', () => {
  it('holds the manifest, the database and the stored files, and none of the keys in DATA_DIR', async () => {
    const written = await writeBackup(database, target(), new Date('2026-11-28T03:00:00Z'))
    expect(path.basename(written.file)).toBe('backup-20261128T030000Z.tar.gz')
    expect(statSync(written.file).mode & 0o777).toBe(0o600)
    const entries = await entriesOf(written.file)
    expect([...entries.keys()]).toEqual(['manifest.json', 'pgdata.tar', 'files/documents/agency-1/doc-1'])
    expect(JSON.parse(entries.get('manifest.json')!.toString())).toMatchObject({
      format: 'agency-back-office-backup',
      createdAt: '2026-11-28T03:00:00.000Z',
      files: 1,
      filesIncluded: true,
    })
    expect(entries.get('files/documents/agency-1/doc-1')!.toString()).toBe('the document')
    // Not by name only: no key's bytes anywhere in the archive, the database's dump included.
    const whole = gunzipSync(readFileSync(written.file))
    expect(KEY_FILES.every((name) => keys.has(name))).toBe(true)
    for (const [name, key] of keys) expect(whole.includes(key), name).toBe(false)
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-staging-'))).toEqual([])
  }, 60_000)

  it('snapshots the database only between transactions: one in flight is waited for and held whole', async () => {
    let finish!: () => void
    const held = new Promise<void>((resolve) => (finish = resolve))
    const open = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO pairs VALUES (1, 1)`)
      await held
      await tx.execute(sql`INSERT INTO pairs VALUES (1, 2)`)
    })
    let done = false
    const snapshot = database.snapshot!().finally(() => (done = true))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(done).toBe(false)
    finish()
    await open
    const copy = await createPglite({ loadDataDir: await snapshot })
    expect((await copy.query('SELECT pair, half FROM pairs ORDER BY half')).rows).toEqual([
      { pair: 1, half: 1 },
      { pair: 1, half: 2 },
    ])
    await copy.close()
  }, 60_000)

  it('holds every query back while the files are staged, so they match the database', async () => {
    let answered = false
    await database.snapshot!(async () => {
      void database.db.execute(sql`INSERT INTO pairs VALUES (2, 1)`).then(() => (answered = true))
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(answered).toBe(false)
    })
    await expect.poll(() => answered).toBe(true)
  }, 60_000)

  it('refuses on PostgreSQL, which has pg_dump', async () => {
    const postgres = { ...database, kind: 'postgres' as const, snapshot: undefined }
    await expect(writeBackup(postgres, target())).rejects.toThrow('use pg_dump on PostgreSQL')
  })
})
