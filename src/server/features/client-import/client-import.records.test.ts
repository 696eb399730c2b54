import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sniffFileKind } from '#server/platform/spreadsheet-import/sniff-file-kind.ts'
import { IMPORT_TEXTS, type ImportRecord } from '#shared/contracts/client-import.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { createClientParsePool } from './client-import.service.ts'
import { clientImports } from './client-import.table.ts'
import { clientsOf, csvOf, HEADER, uploadFile, xlsOf } from './client-import.test-support.ts'
import { IMPORT_STALE_SECONDS, interruptAbandonedImports } from './import-records.service.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const rowsOf = (count: number, prefix = 'ann') =>
  Array.from({ length: count }, (_, i) => [`Ann${i}`, 'Lee', `${prefix}${i}@example.com`, '5551234567'])

async function history(user: SignedInUser): Promise<ImportRecord[]> {
  const response = await test.request({
    method: 'GET',
    url: '/api/clients/import/history',
    cookie: user.cookie,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data
}

/** A running record as a process that died mid-import leaves it: its last beat `secondsAgo`. */
async function abandonedRecord(user: SignedInUser, secondsAgo: number) {
  const [row] = await test.db
    .insert(clientImports)
    .values({
      agencyId: user.user.agencyId,
      userId: user.user.id,
      fileName: 'big.xls',
      lastRow: 18_001,
      heartbeatAt: sql`now() - make_interval(secs => ${secondsAgo})`,
    })
    .returning()
  return row!
}

describe('import records', () => {
  it('keeps each import on record with who, when and its figures; a re-upload imports the rest', async () => {
    const owner = await signUp(test, { firstName: 'Rita', lastName: 'Moreno' })
    const first = await uploadFile(test, owner.cookie, 'first.csv', csvOf([HEADER, ...rowsOf(3)]))
    expect(first.statusCode, first.body).toBe(200)
    const again = await uploadFile(
      test,
      owner.cookie,
      'all.csv',
      csvOf([HEADER, ...rowsOf(5), ['', '', 'x', '']]),
    )
    expect(again.json()).toMatchObject({ successCount: 2, totalRows: 6 })
    const refused = await uploadFile(test, owner.cookie, 'notes.txt', 'hello')
    expect(refused.statusCode).toBe(415)
    const [failed, rest, earlier] = await history(owner)
    expect(failed).toMatchObject({ fileName: 'notes.txt', status: 'failed', failure: IMPORT_TEXTS.wrongType })
    expect(rest).toMatchObject({
      fileName: 'all.csv',
      status: 'completed',
      importedBy: 'Rita Moreno',
      totalRows: 6,
      imported: 2,
      duplicates: 3,
      errors: 4,
      failure: null,
    })
    expect(rest!.finishedAt).not.toBeNull()
    expect(earlier).toMatchObject({ fileName: 'first.csv', status: 'completed', imported: 3 })
    expect(await clientsOf(test, owner)).toHaveLength(5)
    // Another agency sees none of it.
    expect(await history(await signUp(test))).toEqual([])
  })

  it('turns a record still running at start-up into interrupted, and shows where it stopped', async () => {
    const owner = await signUp(test)
    const abandoned = await abandonedRecord(owner, IMPORT_STALE_SECONDS + 5)
    expect(await interruptAbandonedImports(test.db)).toBeGreaterThanOrEqual(1)
    const [stored] = await test.db.select().from(clientImports).where(eq(clientImports.id, abandoned.id))
    expect(stored).toMatchObject({ status: 'interrupted', finishedAt: abandoned.heartbeatAt })
    expect((await history(owner))[0]).toMatchObject({ status: 'interrupted', lastRow: 18_001 })
  })

  it('interrupts an abandoned record when the app starts', async () => {
    const owner = await signUp(test)
    const abandoned = await abandonedRecord(owner, IMPORT_STALE_SECONDS + 5)
    const restarted = await buildTestApp({ deps: { db: test.db } })
    try {
      const [stored] = await test.db.select().from(clientImports).where(eq(clientImports.id, abandoned.id))
      expect(stored!.status).toBe('interrupted')
    } finally {
      await restarted.close()
    }
  })
})

describe('imports at once', () => {
  it('refuses a second import of the same agency while one runs, with 429 and a message that says so', async () => {
    const owner = await signUp(test)
    // A running import of this agency, beating (another process's, or this one's a moment ago).
    await abandonedRecord(owner, 0)
    const second = await uploadFile(test, owner.cookie, 'clients.csv', csvOf([HEADER, ...rowsOf(2)]))
    expect(second.statusCode).toBe(429)
    expect(second.json()).toEqual({ message: IMPORT_TEXTS.alreadyRunning })
    expect(await clientsOf(test, owner)).toEqual([])
    // Another agency imports meanwhile.
    const other = await signUp(test)
    expect((await uploadFile(test, other.cookie, 'c.csv', csvOf([HEADER, ...rowsOf(2)]))).statusCode).toBe(
      200,
    )
  })

  it('lets a crashed import not lock its agency out: a stale running record is interrupted first', async () => {
    const owner = await signUp(test)
    await abandonedRecord(owner, IMPORT_STALE_SECONDS + 5)
    const next = await uploadFile(test, owner.cookie, 'clients.csv', csvOf([HEADER, ...rowsOf(2)]))
    expect(next.statusCode, next.body).toBe(200)
  })

  it('leases no more reads than the pool has workers', async () => {
    const pool = createClientParsePool(2)
    const leases = [pool.lease(), pool.lease()]
    expect(leases.every(Boolean)).toBe(true)
    expect(pool.lease()).toBeUndefined()
    leases[0]!.release()
    leases[0]!.release()
    const third = pool.lease()
    expect(third).toBeDefined()
    expect(pool.lease()).toBeUndefined()
    await pool.close()
  })
})

describe('a large legacy .xls', () => {
  const book = xlsOf([HEADER, ...rowsOf(20_000, 'big')])

  it('is parsed off the event loop: the loop never waits for the reader', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parse-pool-'))
    const file = path.join(dir, 'big.xls')
    writeFileSync(file, book)
    const pool = createClientParsePool(1)
    const lease = pool.lease()!
    const delay = monitorEventLoopDelay({ resolution: 5 })
    try {
      const started = performance.now()
      delay.enable()
      let rows = 0
      const collected = await lease.read(
        {
          kind: await sniffFileKind(file, book.length),
          file,
          size: book.length,
          deadline: Date.now() + 60_000,
        },
        async (chunk) => {
          rows += chunk.rows.length
        },
      )
      delay.disable()
      const took = performance.now() - started
      expect(collected.totalRows).toBe(20_000)
      expect(rows).toBe(20_000)
      // On the loop, SheetJS alone held it for most of the read; here it waits a small part of it.
      expect(delay.max / 1e6).toBeLessThan(took / 4)
    } finally {
      lease.release()
      await pool.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('a health check answers while the import is still running', async () => {
    const owner = await signUp(test)
    let importDone = false
    const importing = uploadFile(test, owner.cookie, 'big.xls', book).then((response) => {
      importDone = true
      return response
    })
    // Once the import is on record its upload is being read; the health check is asked then.
    while ((await history(owner)).length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    const health = await test.request({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
    expect(importDone).toBe(false)
    const response = await importing
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ successCount: 20_000 })
  }, 120_000)
})
