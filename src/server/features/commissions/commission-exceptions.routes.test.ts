import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { catalogueCarriers } from '../policies/policies.test-support.ts'
import { listExceptionsAs, queueScene, resolveAs, rowOf } from './exceptions-queue.test-support.ts'
import { recordNeverPaid } from './never-paid.job.ts'
import { writeStatement } from './statement-exceptions.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const scene = () => queueScene(test)
const list = (user: SignedInUser, query?: string) => listExceptionsAs(test, user, query)
const resolve = (user: SignedInUser, id: string, payload: Record<string, unknown>) =>
  resolveAs(test, user, id, payload)

describe('GET /api/commissions/exceptions', () => {
  it('lists the open exceptions oldest first with their line, policy, expected amount and carrier, and counts them by kind', async () => {
    const s = await scene()
    await recordNeverPaid(test.db, '2026-06-01', { agencyId: s.admin.user.agencyId })
    const { exceptions, counts } = await list(s.admin)
    expect(exceptions.map((e) => e.kind)).toEqual([
      'unmatched',
      'ambiguous',
      'amount_mismatch',
      'rate_mismatch',
      'chargeback_without_cancellation',
      // No matched or resolved line holds any of the three January expected commissions by June.
      'never_paid',
      'never_paid',
      'never_paid',
    ])
    expect(counts).toEqual({
      unmatched: 1,
      ambiguous: 1,
      amount_mismatch: 1,
      rate_mismatch: 1,
      chargeback_without_cancellation: 1,
      never_paid: 3,
    })
    expect(exceptions[0]).toMatchObject({
      status: 'open',
      resolution: null,
      carrierId: s.carrier.id,
      carrierName: s.carrier.name,
      statementId: s.statement.statementId,
      lineId: s.statement.lineIds[0],
      rowNumber: 2,
      policyId: null,
      policyNumber: 'ZZ-404',
      insuredName: 'Nobody Known',
      paidAmount: 50,
      expectedAmount: null,
      effectiveDate: '2026-01-01',
      resolvedByName: null,
    })
    expect(exceptions[2]).toMatchObject({
      policyId: s.paid.id,
      policyNumber: s.paid.policyNumber,
      expectedCommissionId: s.paid.expectedId,
      expectedAmount: 120,
      paidAmount: 110,
    })
    const neverPaid = exceptions.find((e) => e.kind === 'never_paid' && e.policyId === s.unpaid.id)
    expect(neverPaid).toMatchObject({
      lineId: null,
      statementId: null,
      rowNumber: null,
      policyNumber: s.unpaid.policyNumber,
      insuredName: 'Ben Okafor',
      expectedAmount: 120,
      paidAmount: null,
      reason: `$120.00 expected on 2026-01-01 for ${s.unpaid.policyNumber}, not on any statement after 90 days`,
    })
  })

  it('filters by kind, carrier and status, the counts staying those of every open exception', async () => {
    const s = await scene()
    const amounts = await list(s.admin, '?kind=amount_mismatch')
    expect(amounts.exceptions.map((e) => e.rowNumber)).toEqual([4])
    expect(amounts.counts.unmatched).toBe(1)
    expect((await list(s.admin, `?carrierId=${s.other.id}`)).exceptions).toEqual([])
    expect((await list(s.admin, `?carrierId=${s.carrier.id}`)).exceptions).toHaveLength(5)
    expect((await list(s.admin, '?status=resolved')).exceptions).toEqual([])
    await resolve(s.admin, rowOf(s, 2), { action: 'write_off', note: 'Not ours' })
    const resolved = await list(s.admin, '?status=resolved')
    expect(resolved.exceptions).toMatchObject([
      {
        rowNumber: 2,
        status: 'resolved',
        resolution: 'written_off',
        note: 'Not ours',
        resolvedByName: 'Casey Morgan',
      },
    ])
    expect(resolved.counts.unmatched).toBe(0)
    const bad = await test.request({
      method: 'GET',
      url: '/api/commissions/exceptions?kind=lost',
      cookie: s.admin.cookie,
    })
    expect(bad.statusCode).toBe(400)
  })

  it('lets an agent read the queue but not resolve it or look for candidates', async () => {
    const s = await scene()
    const agent = await addAgent(test, s.admin.user.agencyId)
    expect((await list(agent)).exceptions).toHaveLength(5)
    expect((await resolve(agent, rowOf(s, 2), { action: 'write_off' })).statusCode).toBe(403)
    const candidates = await test.request({
      method: 'GET',
      url: `/api/commissions/exceptions/${rowOf(s, 2)}/candidates`,
      cookie: agent.cookie,
    })
    expect(candidates.statusCode).toBe(403)
  })
})

describe('GET /api/commissions/exceptions/:id/candidates', () => {
  it('answers the carrier’s policies by number or insured, each with its unpaid expected commissions', async () => {
    const s = await scene()
    const candidates = async (q: string) => {
      const response = await test.request({
        method: 'GET',
        url: `/api/commissions/exceptions/${rowOf(s, 2)}/candidates?q=${encodeURIComponent(q)}`,
        cookie: s.admin.cookie,
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().candidates as { policyId: string; expected: { id: string }[] }[]
    }
    expect(await candidates('okafor')).toEqual([
      {
        policyId: s.unpaid.id,
        policyNumber: s.unpaid.policyNumber,
        insuredName: 'Ben Okafor',
        expected: [
          {
            id: s.unpaid.expectedId,
            transactionKind: 'new_business',
            effectiveDate: '2026-01-01',
            amount: 120,
          },
        ],
      },
    ])
    expect((await candidates(s.paid.policyNumber.toLowerCase())).map((c) => c.policyId)).toEqual([s.paid.id])
    // The other carrier's policy never shows, even by its exact number.
    expect(await candidates(s.elsewhere.policyNumber)).toEqual([])
    expect((await candidates('')).map((c) => c.policyId).sort()).toEqual([s.paid.id, s.unpaid.id].sort())
    // Paid by an accepted difference: the policy shows without its expected row.
    await resolve(s.admin, rowOf(s, 4), { action: 'accept' })
    expect(await candidates('ruiz')).toMatchObject([{ policyId: s.paid.id, expected: [] }])
  })
})

describe('exceptions and tenancy', () => {
  it('answers 401 without a session and 404 for another agency’s exception', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    for (const [method, url] of [
      ['GET', '/api/commissions/exceptions'],
      ['POST', `/api/commissions/exceptions/${missing}/resolve`],
      ['GET', `/api/commissions/exceptions/${missing}/candidates`],
    ] as const) {
      expect((await test.request({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401)
    }
    const exceptionOf = async (_: TestApp, owner: SignedInUser) => {
      const [carrier] = await catalogueCarriers(test, owner)
      const { exceptionIds } = await writeStatement(test, owner, carrier!.id, [
        { policyNumber: 'ZZ-1', commissionCents: 100, exceptionKind: 'unmatched' },
      ])
      return exceptionIds.get(2)!
    }
    await expectOtherAgencyGets404(test, [
      {
        method: 'POST',
        url: (id) => `/api/commissions/exceptions/${id}/resolve`,
        payload: { action: 'write_off' },
        create: exceptionOf,
      },
      { method: 'GET', url: (id) => `/api/commissions/exceptions/${id}/candidates`, create: exceptionOf },
    ])
    const owner = await signUp(test)
    const id = await exceptionOf(test, owner)
    const stranger = await signUp(test)
    expect((await list(stranger)).exceptions).toEqual([])
    expect((await resolve(stranger, id, { action: 'dispute' })).statusCode).toBe(404)
    expect((await list(owner)).exceptions).toMatchObject([{ id, status: 'open' }])
  })
})
