import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { createOwnerRollupHandler, OWNER_ROLLUP_EVERY_MS, OWNER_ROLLUP_JOB } from './owner-rollups.job.ts'
import { findRollupRun } from './owner-rollups.repository.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

describe('the owner rollup job', () => {
  it('counts users and applications again and books its next run ten minutes on', async () => {
    await signUp(test)
    await signUp(test)
    const handler = createOwnerRollupHandler(test.db, { info: () => {} })
    const started = Date.now()
    await handler({
      id: 'j',
      type: OWNER_ROLLUP_JOB,
      agencyId: null,
      payload: {},
      attempts: 1,
      maxAttempts: 5,
    })
    const run = await findRollupRun(test.db)
    expect(run).toMatchObject({ applications: 0, carrierSubmissions: 0 })
    expect(run!.activity).toMatchObject({ totalUsers: 2, activeUsers: 2 })
    expect(run!.countedAt.getTime()).toBeGreaterThanOrEqual(started - 1000)
    const booked = await test.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, OWNER_ROLLUP_JOB), eq(jobs.status, 'queued')))
    expect(booked).toHaveLength(1)
    expect(booked[0]!.runAt.getTime()).toBeGreaterThanOrEqual(started + OWNER_ROLLUP_EVERY_MS - 1000)
  })
})
