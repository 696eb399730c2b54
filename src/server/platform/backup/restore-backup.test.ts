import {
  copyFileSync,
  createWriteStream,
  existsSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import { type BackupSource, createBackupSource } from '#test/backup-source.ts'
import { type RunningServer, startServer } from '#test/server-process.ts'
import { tempDirs } from '#test/temp-dirs.ts'
import { BACKUP_FORMAT, KEY_FILES, MANIFEST_ENTRY, PGDATA_ENTRY } from './backup-manifest.ts'
import { BadBackupError } from './read-backup.ts'
import { RestoreRefusedError, restoreBackup } from './restore-backup.ts'
import { tarStream } from './tar-writer.ts'
import { writeBackup } from './write-backup.ts'

const dirs = tempDirs()
const fresh = () => dirs.make('restore-test-')
let source: BackupSource
let archive: string
let lateClientId: string
const servers: RunningServer[] = []

beforeAll(async () => {
  source = await createBackupSource()
  dirs.adopt(source.dataDir)
  const written = await writeBackup(source.database, {
    dataDir: source.dataDir,
    backupDir: path.join(source.dataDir, 'backups'),
    includeFiles: true,
  })
  archive = written.file
  // Made after the backup: the restore must not have it.
  lateClientId = (await source.createClient(source.agencies[0]!)).id
  await source.close()
}, 120_000)
afterAll(() => {
  for (const server of servers) server.child.kill('SIGKILL')
  dirs.removeAll()
})

async function call(base: string, url: string, init: { cookie?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${url}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      origin: base,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  expect(response.status, `${url}: ${response.status}`).toBeLessThan(300)
  return response
}

/** Every audit event id the agency's admin can page through. */
async function auditIds(base: string, cookie: string): Promise<Set<string>> {
  const ids = new Set<string>()
  let cursor: string | null = null
  do {
    const page = (await (
      await call(base, `/api/compliance/audit-history?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
        cookie,
      })
    ).json()) as { data: { id: string }[]; nextCursor: string | null }
    for (const record of page.data) ids.add(record.id)
    cursor = page.nextCursor
  } while (cursor)
  return ids
}

describe('a backup restored into a fresh DATA_DIR', () => {
  it('starts the app with every client, document and audit event, and the audit chain verifying', async () => {
    const dataDir = fresh()
    // The admin's copy of the keys, kept apart from the backups.
    for (const key of KEY_FILES)
      if (existsSync(path.join(source.dataDir, key)))
        copyFileSync(path.join(source.dataDir, key), path.join(dataDir, key))
    const restored = await restoreBackup({ archive, dataDir })
    expect(restored).toMatchObject({ files: source.agencies.length, movedAside: null })

    const server = await startServer(dataDir)
    servers.push(server)
    for (const agency of source.agencies) {
      const login = await call(server.base, '/api/auth/login', {
        body: { email: agency.email, password: agency.password },
      })
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!
      const clients = (await (await call(server.base, '/api/clients?limit=100', { cookie })).json()).data
      expect(clients.map((client: { id: string }) => client.id).sort()).toEqual([...agency.clientIds].sort())
      expect(clients.map((client: { id: string }) => client.id)).not.toContain(lateClientId)
      // The kept encryption key still opens what the backup holds.
      const reveal = await call(server.base, `/api/clients/${agency.clientIds[0]}/reveal`, {
        cookie,
        body: { field: 'ssn' },
      })
      expect(await reveal.json()).toEqual({ field: 'ssn', value: '123-45-6789' })
      const download = await call(server.base, documentDownloadPath(agency.document.id), { cookie })
      expect(Buffer.from(await download.arrayBuffer()).equals(agency.document.content)).toBe(true)

      const restoredIds = await auditIds(server.base, cookie)
      for (const id of agency.auditEventIds) expect(restoredIds.has(id), `audit event ${id}`).toBe(true)
      const verified = await (
        await call(server.base, '/api/compliance/audit/verify', { cookie, body: {} })
      ).json()
      expect(verified).toMatchObject({ ok: true })
      // The events written since the restore (this sign-in, the reveal, the download) follow on.
      expect(verified.events).toBeGreaterThan(agency.auditEventIds.length)
    }
    server.child.kill('SIGTERM')
    expect(await server.exited, server.output()).toBe(0)
  }, 120_000)

  it('refuses a DATA_DIR that holds data, and with force moves that data aside, never deleting it', async () => {
    const dataDir = fresh()
    await restoreBackup({ archive, dataDir })
    await expect(restoreBackup({ archive, dataDir })).rejects.toThrow(RestoreRefusedError)
    writeFileSync(path.join(dataDir, 'files', 'marker'), 'was here')
    const again = await restoreBackup({
      archive,
      dataDir,
      force: true,
      now: new Date('2026-11-28T10:00:00Z'),
    })
    expect(again.movedAside).toBe(path.join(dataDir, 'replaced-20261128T100000Z'))
    expect(readFileSync(path.join(again.movedAside!, 'files', 'marker'), 'utf8')).toBe('was here')
    expect(existsSync(path.join(again.movedAside!, 'pgdata', 'PG_VERSION'))).toBe(true)
    expect(existsSync(path.join(dataDir, 'files', 'marker'))).toBe(false)
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([])
  }, 60_000)

  it('refuses a damaged archive and leaves DATA_DIR as it was', async () => {
    const bytes = readFileSync(archive)
    const damaged = path.join(fresh(), 'damaged.tar.gz')
    const middle = Math.floor(bytes.length / 2)
    bytes[middle] = bytes[middle]! ^ 0xff
    writeFileSync(damaged, bytes)
    const dataDir = fresh()
    await expect(restoreBackup({ archive: damaged, dataDir })).rejects.toThrow(BadBackupError)
    expect(readdirSync(dataDir)).toEqual([])
  }, 60_000)

  it('refuses a backup whose database does not open here, naming its PostgreSQL version', async () => {
    const mtime = new Date()
    const parts: Buffer[] = []
    for await (const part of tarStream([{ name: 'PG_VERSION', size: 3, mtime, body: Buffer.from('99\n') }]))
      parts.push(part)
    const pgdata = Buffer.concat(parts)
    const manifest = Buffer.from(
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: 1,
        createdAt: mtime.toISOString(),
        postgresVersion: '99.0',
        files: 0,
        filesIncluded: true,
      }),
    )
    const foreign = path.join(fresh(), 'foreign.tar.gz')
    const entries = [
      { name: MANIFEST_ENTRY, size: manifest.length, mtime, body: manifest },
      { name: PGDATA_ENTRY, size: pgdata.length, mtime, body: pgdata },
    ]
    await pipeline(Readable.from(tarStream(entries)), createGzip(), createWriteStream(foreign))
    const dataDir = fresh()
    await expect(restoreBackup({ archive: foreign, dataDir })).rejects.toThrow(
      "The backup's database (PostgreSQL 99.0) does not open here",
    )
    expect(readdirSync(dataDir)).toEqual([])
  }, 60_000)
})
