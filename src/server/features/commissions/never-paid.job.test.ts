import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { catalogueCarriers } from '../policies/policies.test-support.ts'
import { upsertCommissionSettings } from './commission-settings.repository.ts'
import { auditOf } from './commissions.test-support.ts'
import { createNeverPaidHandler, NEVER_PAID_JOB, recordNeverPaid } from './never-paid.job.ts'
import {
  exceptionsOf,
  type PolicyWithExpected,
  policyWithExpected,
  setDefaultRate,
  writeStatement,
} from './statement-exceptions.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

interface Book {
  admin: SignedInUser
  carrierId: string
  january: PolicyWithExpected
  march: PolicyWithExpected
}

/** Two policies of one carrier: $120 expected on 2026-01-01, $60 on 2026-03-01. */
async function book(): Promise<Book> {
  const admin = await signUp(test)
  const [carrier] = await catalogueCarriers(test, admin)
  await setDefaultRate(test, admin)
  const january = await policyWithExpected(test, admin, carrier!.id)
  const march = await policyWithExpected(test, admin, carrier!.id, {
    effectiveDate: '2026-03-01',
    expirationDate: '2027-03-01',
    annualPremium: 600,
  })
  return { admin, carrierId: carrier!.id, january, march }
}

const run = (b: Book, on: string) => recordNeverPaid(test.db, on, { agencyId: b.admin.user.agencyId })
const neverPaidOf = async (b: Book) =>
  (await exceptionsOf(test, b.admin.user.agencyId)).filter((e) => e.kind === 'never_paid')

describe('the never-paid job', () => {
  it('opens a never-paid exception for each expected commission unpaid after 90 days, once', async () => {
    const b = await book()
    expect(await run(b, '2026-03-31')).toEqual({ created: 0, closed: 0 })
    expect(await run(b, '2026-04-01')).toEqual({ created: 1, closed: 0 })
    const [january] = await neverPaidOf(b)
    expect(january).toMatchObject({
      kind: 'never_paid',
      status: 'open',
      carrierId: b.carrierId,
      lineId: null,
      expectedCommissionId: b.january.expectedId,
      reason: `$120.00 expected on 2026-01-01 for ${b.january.policyNumber}, not on any statement after 90 days`,
    })
    // A second run the same day, or a later one, adds only what has come due since.
    expect(await run(b, '2026-04-01')).toEqual({ created: 0, closed: 0 })
    expect(await run(b, '2026-05-30')).toEqual({ created: 1, closed: 0 })
    expect(await run(b, '2026-07-01')).toEqual({ created: 0, closed: 0 })
    expect((await neverPaidOf(b)).map((e) => e.expectedCommissionId)).toEqual([
      b.january.expectedId,
      b.march.expectedId,
    ])
    const events = await auditOf(test, b.admin.user.agencyId, 'commission.never_paid_recorded')
    expect(events.map((e) => e.details)).toEqual([
      { created: 1, closed: 0, on: '2026-04-01', neverPaidDays: 90 },
      { created: 1, closed: 0, on: '2026-05-30', neverPaidDays: 90 },
    ])
  })

  it('counts the agency’s own never-paid days', async () => {
    const b = await book()
    await upsertCommissionSettings(test.db, {
      agencyId: b.admin.user.agencyId,
      toleranceCents: 100,
      tolerancePercent: 1,
      neverPaidDays: 30,
    })
    expect(await run(b, '2026-01-30')).toEqual({ created: 0, closed: 0 })
    expect(await run(b, '2026-01-31')).toEqual({ created: 1, closed: 0 })
    const [january] = await neverPaidOf(b)
    expect(january?.reason).toMatch(/not on any statement after 30 days$/)
  })

  it('leaves out what a matched or resolved line pays, and closes an open one once paid', async () => {
    const b = await book()
    await writeStatement(test, b.admin, b.carrierId, [
      { commissionCents: 12_000, policyId: b.january.id, expectedCommissionId: b.january.expectedId },
    ])
    // An exception line holding the row does not pay it: the difference is still open.
    await writeStatement(test, b.admin, b.carrierId, [
      {
        commissionCents: 5000,
        policyId: b.march.id,
        expectedCommissionId: b.march.expectedId,
        exceptionKind: 'amount_mismatch',
      },
    ])
    expect(await run(b, '2026-07-01')).toEqual({ created: 1, closed: 0 })
    const [march] = await neverPaidOf(b)
    expect(march?.expectedCommissionId).toBe(b.march.expectedId)

    await writeStatement(test, b.admin, b.carrierId, [
      { commissionCents: 6000, policyId: b.march.id, expectedCommissionId: b.march.expectedId },
    ])
    expect(await run(b, '2026-07-02')).toEqual({ created: 0, closed: 1 })
    expect(await neverPaidOf(b)).toMatchObject([
      { id: march!.id, status: 'resolved', resolution: 'paid', resolvedByUserId: null },
    ])
    expect(await run(b, '2026-07-03')).toEqual({ created: 0, closed: 0 })
  })

  it('never writes a resolved one again', async () => {
    const b = await book()
    await run(b, '2026-07-01')
    const [january] = await neverPaidOf(b)
    const response = await test.request({
      method: 'POST',
      url: `/api/commissions/exceptions/${january!.id}/resolve`,
      cookie: b.admin.cookie,
      payload: { action: 'write_off', note: 'Carrier went under' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(await run(b, '2026-07-02')).toEqual({ created: 0, closed: 0 })
    expect(await run(b, '2027-01-01')).toEqual({ created: 0, closed: 0 })
    const after = await neverPaidOf(b)
    expect(after).toHaveLength(2)
    expect(after.find((e) => e.id === january!.id)).toMatchObject({
      status: 'resolved',
      resolution: 'written_off',
    })
  })

  it('runs over every agency with work from the daily job, and books its next run', async () => {
    const b = await book()
    const handle = createNeverPaidHandler(test.db, { info: () => {} })
    await handle({
      id: 'run',
      type: NEVER_PAID_JOB,
      agencyId: null,
      payload: {},
      attempts: 1,
      maxAttempts: 3,
    })
    // Today is long past the policies' dates: both are due.
    expect((await neverPaidOf(b)).map((e) => e.status)).toEqual(['open', 'open'])
    const booked = await test.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, NEVER_PAID_JOB), eq(jobs.status, 'queued')))
    expect(booked).toHaveLength(1)
    expect(booked[0]!.runAt.getTime()).toBeGreaterThan(Date.now())
  })
})
