import { randomBytes, randomUUID } from 'node:crypto'
import { text } from 'node:stream/consumers'
import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { createOrphanSweepHandler, SWEEP_JOB, scheduleOrphanSweep } from './documents.job.ts'
import { storageKeyFor, storeDocument } from './documents.service.ts'
import { documents } from './documents.table.ts'
import { moveDocumentsToStorage } from './move-documents-to-storage.ts'
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './sweep-orphan-files.ts'

let test: TestApp
let owner: SignedInUser

beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
})
afterAll(() => test.close())

const newFile = (agencyId: string) => ({
  agencyId,
  kind: 'upload' as const,
  filename: 'licence.pdf',
  contentType: 'application/pdf',
  content: randomBytes(512),
})

async function keysUnder(prefix: string) {
  const keys: string[] = []
  for await (const object of test.storage.list(prefix)) keys.push(object.key)
  return keys.sort()
}

describe('the orphan sweep', () => {
  it('removes a file whose row was rolled back once it is a day old, and keeps every file that has a row', async () => {
    const agencyId = owner.user.agencyId
    const kept = await storeDocument(test.db, test.storage, newFile(agencyId))
    await expect(
      test.db.transaction(async (tx) => {
        await storeDocument(tx, test.storage, newFile(agencyId))
        throw new Error('the use case failed after storing its file')
      }),
    ).rejects.toThrow('the use case failed')
    const prefix = `documents/${agencyId}/`
    const before = await keysUnder(prefix)
    expect(before).toHaveLength(2)
    expect(await sweepOrphanFiles(test.db, test.storage)).toBe(0)
    const dayLater = new Date(Date.now() + ORPHAN_MIN_AGE_MS + 60_000)
    expect(await sweepOrphanFiles(test.db, test.storage, dayLater)).toBe(1)
    expect(await keysUnder(prefix)).toEqual([storageKeyFor(agencyId, kept)])
  })

  it('runs as a job that books its next run, one queued copy however often it is scheduled', async () => {
    await scheduleOrphanSweep(test.db)
    await scheduleOrphanSweep(test.db)
    const queued = () =>
      test.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, SWEEP_JOB), eq(jobs.status, 'queued')))
    expect(await queued()).toHaveLength(1)
    const [job] = await queued()
    // As the runner does: the copy it runs is no longer queued while it runs.
    await test.db.update(jobs).set({ status: 'running' }).where(eq(jobs.id, job!.id))
    await createOrphanSweepHandler(test.db, test.storage, { info() {} })({
      id: job!.id,
      type: SWEEP_JOB,
      agencyId: null,
      payload: {},
      attempts: 1,
      maxAttempts: 3,
    })
    const next = await queued()
    expect(next).toHaveLength(1)
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 5 * 60 * 60 * 1000)
  })
})

describe('moving packets out of the database', () => {
  it('writes each older row’s bytes to storage, points the row there and empties its column, once', async () => {
    const id = randomUUID()
    const content = Buffer.from('%PDF-1.7 a packet from before file storage')
    await test.db.insert(documents).values({
      id,
      agencyId: owner.user.agencyId,
      kind: 'application_packet',
      filename: 'application-old.pdf',
      contentType: 'application/pdf',
      sizeBytes: content.length,
      sha256: 'not-checked-here',
      legacyContent: content,
    })
    expect(await moveDocumentsToStorage(test.db, test.storage)).toBe(1)
    const [row] = await test.db.select().from(documents).where(eq(documents.id, id))
    expect(row).toMatchObject({ storageKey: storageKeyFor(owner.user.agencyId, id), legacyContent: null })
    expect(await text(await test.storage.get(row!.storageKey!))).toBe(content.toString())
    expect(await moveDocumentsToStorage(test.db, test.storage)).toBe(0)
    const stillInDatabase = await test.db
      .select({ id: documents.id })
      .from(documents)
      .where(isNotNull(documents.legacyContent))
    expect(stillInDatabase).toEqual([])
  })
})
