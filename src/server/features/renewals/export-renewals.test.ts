import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { DEFAULT_RENEWAL_SETTINGS, milestoneDates } from '#shared/domain/renewal-pipeline.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { renewalFor, today } from './renewals.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const get = (user: SignedInUser | undefined, url: string) =>
  test.request({ method: 'GET', url, ...(user ? { cookie: user.cookie } : {}) })

describe('GET /api/renewals?policyId', () => {
  it('answers only that policy’s renewals, and 400 for an id that is not one', async () => {
    const user = await signUp(test)
    const first = await renewalFor(test, user, 70)
    await renewalFor(test, user, 80)
    const one = await get(user, `/api/renewals?policyId=${first.policy.id}`)
    expect(one.statusCode).toBe(200)
    expect(one.json().renewals.map((r: { id: string }) => r.id)).toEqual([first.renewal.id])
    const bad = await get(user, '/api/renewals?policyId=nope')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].path).toBe('policyId')
  })
})

describe('GET /api/renewals/:id', () => {
  it('answers every milestone’s date for the term, by the agency’s milestone settings', async () => {
    const user = await signUp(test)
    const { renewal } = await renewalFor(test, user, 100)
    const one = await get(user, `/api/renewals/${renewal.id}`)
    const expirationDate = addDays(today(), 100)
    expect(one.json().milestones).toEqual(
      milestoneDates(expirationDate, DEFAULT_RENEWAL_SETTINGS.milestoneDays),
    )
    expect(one.json().milestones[0]).toEqual({ milestone: 'review', date: addDays(expirationDate, -90) })
  })
})

describe('GET /api/renewals/export.csv', () => {
  it('writes the filtered list in its order as CSV, and audits the export', async () => {
    const user = await signUp(test)
    const calm = await renewalFor(test, user, 100, 1000)
    const risky = await renewalFor(test, user, 110, 2000)
    const offer = await test.request({
      method: 'POST',
      url: `/api/renewals/${risky.renewal.id}/offer`,
      cookie: user.cookie,
      payload: { premium: 2300, termMonths: 12 },
    })
    expect(offer.statusCode).toBe(200)

    const csv = await get(user, '/api/renewals/export.csv')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="renewals-${today()}.csv"`)
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toMatch(/^Insured,Policy Number,Carrier,/)
    expect(lines).toHaveLength(3)
    // At risk first, as the list sorts.
    expect(lines[1]).toContain(risky.policy.policyNumber)
    expect(lines[1]).toContain(',2000.00,2300.00,12,300.00,15,yes,review,')
    expect(lines[1]).toContain(risky.renewal.id)
    expect(lines[2]).toContain(calm.policy.policyNumber)
    expect(lines[2]).toContain(',1000.00,,,,,no,review,')

    const filtered = await get(user, `/api/renewals/export.csv?policyId=${calm.policy.id}&stage=upcoming`)
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2)
    expect(filtered.body).toContain(calm.renewal.id)

    const audited = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.agencyId, user.user.agencyId), eq(auditEvents.action, 'renewal.exported')))
    expect(audited.map((event) => event.details)).toEqual([
      { filter: {} },
      { filter: { policyId: calm.policy.id, stage: 'upcoming' } },
    ])
  })

  it('answers 401 without a session and 400 with a field message for a bad filter', async () => {
    expect((await get(undefined, '/api/renewals/export.csv')).statusCode).toBe(401)
    const user = await signUp(test)
    const bad = await get(user, '/api/renewals/export.csv?dueBefore=2026-02-31')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual([{ path: 'dueBefore', message: 'Use a date like 2026-01-31' }])
  })

  it('exports only the caller’s agency’s renewals', async () => {
    const owner = await signUp(test)
    const { renewal } = await renewalFor(test, owner, 90)
    const other = await signUp(test)
    const csv = await get(other, '/api/renewals/export.csv')
    expect(csv.statusCode).toBe(200)
    expect(csv.body).not.toContain(renewal.id)
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1)
  })
})
