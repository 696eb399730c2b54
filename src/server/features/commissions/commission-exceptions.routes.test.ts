import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CommissionException,
  STATEMENT_TEXTS as T,
} from '#shared/contracts/commissions-statements.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { catalogueCarriers } from '../policies/policies.test-support.ts'
import { auditOf } from './commissions.test-support.ts'
import { recordNeverPaid } from './never-paid.job.ts'
import { RESOLVE_TEXTS } from './resolve-commission-exception.ts'
import {
  exceptionsOf,
  lineOf,
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

interface Scene {
  admin: SignedInUser
  carrier: { id: string; name: string }
  other: { id: string; name: string }
  paid: PolicyWithExpected
  unpaid: PolicyWithExpected
  elsewhere: PolicyWithExpected
  statement: Awaited<ReturnType<typeof writeStatement>>
}

/**
 * An agency with two policies of one carrier and one of another, and a statement of the first
 * carrier with a line of each kind: row 2 unmatched, 3 ambiguous, 4 amount off, 5 rate off,
 * 6 a chargeback without cancellation, 7 matched.
 */
async function scene(): Promise<Scene> {
  const admin = await signUp(test)
  const [carrier, other] = await catalogueCarriers(test, admin)
  await setDefaultRate(test, admin)
  const paid = await policyWithExpected(test, admin, carrier!.id, { firstName: 'Ana', lastName: 'Ruiz' })
  const unpaid = await policyWithExpected(test, admin, carrier!.id, { firstName: 'Ben', lastName: 'Okafor' })
  const elsewhere = await policyWithExpected(test, admin, other!.id, { firstName: 'Cy', lastName: 'Dunn' })
  const statement = await writeStatement(test, admin, carrier!.id, [
    {
      policyNumber: 'ZZ-404',
      insuredName: 'Nobody Known',
      commissionCents: 5000,
      exceptionKind: 'unmatched',
    },
    { insuredName: 'B Okafor', commissionCents: 12_000, exceptionKind: 'ambiguous' },
    {
      policyNumber: paid.policyNumber,
      commissionCents: 11_000,
      policyId: paid.id,
      expectedCommissionId: paid.expectedId,
      exceptionKind: 'amount_mismatch',
    },
    {
      policyNumber: paid.policyNumber,
      commissionCents: 9000,
      rateBp: 750,
      policyId: paid.id,
      exceptionKind: 'rate_mismatch',
    },
    {
      policyNumber: paid.policyNumber,
      commissionCents: -3000,
      policyId: paid.id,
      exceptionKind: 'chargeback_without_cancellation',
    },
    { policyNumber: unpaid.policyNumber, commissionCents: 1, policyId: unpaid.id },
  ])
  return { admin, carrier: carrier!, other: other!, paid, unpaid, elsewhere, statement }
}

const list = async (user: SignedInUser, query = '') => {
  const response = await test.request({
    method: 'GET',
    url: `/api/commissions/exceptions${query}`,
    cookie: user.cookie,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { exceptions: CommissionException[]; counts: Record<string, number> }
}

const resolve = (user: SignedInUser, id: string, payload: Record<string, unknown>) =>
  test.request({
    method: 'POST',
    url: `/api/commissions/exceptions/${id}/resolve`,
    cookie: user.cookie,
    payload,
  })

const rowOf = (s: Scene, row: number) => s.statement.exceptionIds.get(row)!

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

describe('POST /api/commissions/exceptions/:id/resolve', () => {
  it('matches a line by hand to a policy of the carrier and its unpaid expected commission, audited, once', async () => {
    const s = await scene()
    await recordNeverPaid(test.db, '2026-06-01', { agencyId: s.admin.user.agencyId })
    const id = rowOf(s, 2)
    const response = await resolve(s.admin, id, {
      action: 'match',
      policyId: s.unpaid.id,
      expectedCommissionId: s.unpaid.expectedId,
      note: '  Renumbered by the carrier  ',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      id,
      status: 'resolved',
      resolution: 'matched',
      policyId: s.unpaid.id,
      policyNumber: s.unpaid.policyNumber,
      expectedCommissionId: s.unpaid.expectedId,
      expectedAmount: 120,
      note: 'Renumbered by the carrier',
      resolvedByName: 'Casey Morgan',
    })
    expect(response.json().resolvedAt).not.toBeNull()
    const line = await lineOf(test, s.statement.lineIds[0]!)
    expect(line).toMatchObject({
      status: 'resolved',
      policyId: s.unpaid.id,
      expectedCommissionId: s.unpaid.expectedId,
      matchReason: `Matched by hand to ${s.unpaid.policyNumber} by Casey Morgan`,
    })
    // The expected commission the line now pays is no longer never paid.
    const neverPaid = (await exceptionsOf(test, s.admin.user.agencyId)).find(
      (e) => e.kind === 'never_paid' && e.expectedCommissionId === s.unpaid.expectedId,
    )
    expect(neverPaid).toMatchObject({ status: 'resolved', resolution: 'paid' })
    const [event] = await auditOf(test, s.admin.user.agencyId, 'commission.exception_resolved')
    expect(event).toMatchObject({
      entityType: 'commission_exception',
      entityId: id,
      actorUserId: s.admin.user.id,
    })
    expect(event?.details).toMatchObject({
      kind: 'unmatched',
      action: 'match',
      policyId: s.unpaid.id,
      expectedCommissionId: s.unpaid.expectedId,
      closedNeverPaidId: neverPaid!.id,
    })

    const again = await resolve(s.admin, id, { action: 'write_off' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(T.alreadyResolved)
    expect(await auditOf(test, s.admin.user.agencyId, 'commission.exception_resolved')).toHaveLength(1)
  })

  it('matches an ambiguous line to a policy alone, without an expected commission', async () => {
    const s = await scene()
    const response = await resolve(s.admin, rowOf(s, 3), { action: 'match', policyId: s.unpaid.id })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      resolution: 'matched',
      policyId: s.unpaid.id,
      expectedCommissionId: null,
    })
    expect(await lineOf(test, s.statement.lineIds[1]!)).toMatchObject({
      status: 'resolved',
      policyId: s.unpaid.id,
    })
  })

  it('refuses a match without a policy, of another carrier, of another agency, with a paid or foreign expected row, or of a never-paid', async () => {
    const s = await scene()
    const id = rowOf(s, 2)
    const noPolicy = await resolve(s.admin, id, { action: 'match' })
    expect(noPolicy.statusCode).toBe(400)
    expect(noPolicy.json().errors).toEqual([{ path: 'policyId', message: T.choosePolicy }])
    const otherCarrier = await resolve(s.admin, id, { action: 'match', policyId: s.elsewhere.id })
    expect(otherCarrier.statusCode).toBe(400)
    expect(otherCarrier.json().errors).toEqual([{ path: 'policyId', message: T.policyNotOfCarrier }])
    const stranger = await scene()
    const foreign = await resolve(s.admin, id, { action: 'match', policyId: stranger.unpaid.id })
    expect(foreign.statusCode).toBe(404)
    const notItsOwn = await resolve(s.admin, id, {
      action: 'match',
      policyId: s.unpaid.id,
      expectedCommissionId: s.paid.expectedId,
    })
    expect(notItsOwn.statusCode).toBe(400)
    expect(notItsOwn.json().errors).toEqual([
      { path: 'expectedCommissionId', message: RESOLVE_TEXTS.expectedNotOpen },
    ])
    // A later statement's matched line pays the unpaid policy's expected row.
    await writeStatement(test, s.admin, s.carrier.id, [
      {
        policyNumber: s.unpaid.policyNumber,
        commissionCents: 12_000,
        policyId: s.unpaid.id,
        expectedCommissionId: s.unpaid.expectedId,
      },
    ])
    const paidAlready = await resolve(s.admin, id, {
      action: 'match',
      policyId: s.unpaid.id,
      expectedCommissionId: s.unpaid.expectedId,
    })
    expect(paidAlready.statusCode).toBe(400)
    expect(paidAlready.json().errors[0].message).toBe(RESOLVE_TEXTS.expectedNotOpen)

    await recordNeverPaid(test.db, '2026-06-01', { agencyId: s.admin.user.agencyId })
    const neverPaid = (await list(s.admin, '?kind=never_paid')).exceptions[0]!
    const matchNeverPaid = await resolve(s.admin, neverPaid.id, { action: 'match', policyId: s.paid.id })
    expect(matchNeverPaid.statusCode).toBe(400)
    expect(matchNeverPaid.json().message).toBe(T.matchOnlyLines)
    const badAction = await resolve(s.admin, id, { action: 'ignore' })
    expect(badAction.statusCode).toBe(400)
    expect(badAction.json().errors).toEqual([{ path: 'action', message: T.actionInvalid }])
    expect((await list(s.admin, '?status=resolved')).exceptions).toEqual([])
    expect(await auditOf(test, s.admin.user.agencyId, 'commission.exception_resolved')).toEqual([])
  })

  it('accepts the amount paid on the kinds with a policy, resolving the line, and refuses it on the others', async () => {
    const s = await scene()
    for (const row of [4, 5, 6]) {
      const response = await resolve(s.admin, rowOf(s, row), { action: 'accept' })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({
        status: 'resolved',
        resolution: 'accepted',
        policyId: s.paid.id,
      })
      expect((await lineOf(test, s.statement.lineIds[row - 2]!)).status).toBe('resolved')
    }
    // The amount accepted pays the expected row: it is no longer a candidate, nor never paid.
    await recordNeverPaid(test.db, '2026-06-01', { agencyId: s.admin.user.agencyId })
    const neverPaid = (await list(s.admin, '?kind=never_paid')).exceptions
    expect(neverPaid.map((e) => e.policyId).sort()).toEqual([s.elsewhere.id, s.unpaid.id].sort())

    for (const row of [2, 3]) {
      const refused = await resolve(s.admin, rowOf(s, row), { action: 'accept' })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe(RESOLVE_TEXTS.acceptNeedsPolicy)
    }
    const nothingPaid = await resolve(s.admin, neverPaid[0]!.id, { action: 'accept' })
    expect(nothingPaid.statusCode).toBe(400)
    expect(nothingPaid.json().message).toBe(RESOLVE_TEXTS.acceptNothingPaid)
    const events = await auditOf(test, s.admin.user.agencyId, 'commission.exception_resolved')
    expect(events.map((e) => e.details)).toMatchObject([
      { kind: 'amount_mismatch', action: 'accept', expectedCommissionId: s.paid.expectedId },
      { kind: 'rate_mismatch', action: 'accept' },
      { kind: 'chargeback_without_cancellation', action: 'accept' },
    ])
  })

  it('writes off and disputes line exceptions and never-paid ones, keeping the note', async () => {
    const s = await scene()
    await recordNeverPaid(test.db, '2026-06-01', { agencyId: s.admin.user.agencyId })
    const neverPaid = (await list(s.admin, '?kind=never_paid')).exceptions
    const first = neverPaid.find((e) => e.policyId === s.unpaid.id)
    const second = neverPaid.find((e) => e.policyId === s.elsewhere.id)
    const cases = [
      [rowOf(s, 2), 'write_off', 'written_off'],
      [rowOf(s, 3), 'dispute', 'disputed'],
      [rowOf(s, 4), 'dispute', 'disputed'],
      [first!.id, 'write_off', 'written_off'],
      [second!.id, 'dispute', 'disputed'],
    ] as const
    for (const [id, action, resolution] of cases) {
      const response = await resolve(s.admin, id, { action, note: `${action} it` })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ id, status: 'resolved', resolution, note: `${action} it` })
    }
    expect((await lineOf(test, s.statement.lineIds[0]!)).status).toBe('resolved')
    expect((await lineOf(test, s.statement.lineIds[2]!)).status).toBe('resolved')
    // The disputed line holds the paid policy's expected row: its never-paid closed as paid.
    const { counts } = await list(s.admin)
    expect(counts).toMatchObject({ unmatched: 0, ambiguous: 0, amount_mismatch: 0, never_paid: 0 })
    const closed = await list(s.admin, '?kind=never_paid&status=resolved')
    expect(closed.exceptions.find((e) => e.policyId === s.paid.id)).toMatchObject({
      resolution: 'paid',
      resolvedByName: null,
    })
    const events = await auditOf(test, s.admin.user.agencyId, 'commission.exception_resolved')
    expect(events.map((e) => [e.details.kind, e.details.action, e.details.note])).toEqual([
      ['unmatched', 'write_off', 'write_off it'],
      ['ambiguous', 'dispute', 'dispute it'],
      ['amount_mismatch', 'dispute', 'dispute it'],
      ['never_paid', 'write_off', 'write_off it'],
      ['never_paid', 'dispute', 'dispute it'],
    ])
    const tooLong = await resolve(s.admin, rowOf(s, 5), { action: 'dispute', note: 'x'.repeat(1001) })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().errors).toEqual([{ path: 'note', message: T.noteTooLong }])
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
