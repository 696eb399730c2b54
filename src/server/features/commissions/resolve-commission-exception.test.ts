import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STATEMENT_TEXTS as T } from '#shared/contracts/commissions-statements.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'
import { auditOf } from './commissions.test-support.ts'
import { listExceptionsAs, queueScene, resolveAs, rowOf } from './exceptions-queue.test-support.ts'
import { recordNeverPaid } from './never-paid.job.ts'
import { RESOLVE_TEXTS } from './resolve-commission-exception.ts'
import { exceptionsOf, lineOf, writeStatement } from './statement-exceptions.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const scene = () => queueScene(test)
const list = (user: SignedInUser, query?: string) => listExceptionsAs(test, user, query)
const resolve = (user: SignedInUser, id: string, payload: Record<string, unknown>) =>
  resolveAs(test, user, id, payload)

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
