// The exceptions queue's scene: one agency's policies and a statement with a line of each kind,
// and the queue's calls, shared by the queue's route tests.
import { expect } from 'vitest'
import type { CommissionException } from '#shared/contracts/commissions-statements.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { catalogueCarriers } from '../policies/policies.test-support.ts'
import {
  type PolicyWithExpected,
  policyWithExpected,
  setDefaultRate,
  writeStatement,
} from './statement-exceptions.test-support.ts'

export interface QueueScene {
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
export async function queueScene(test: TestApp): Promise<QueueScene> {
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

/** GET /api/commissions/exceptions as `user`, expected to answer. */
export async function listExceptionsAs(test: TestApp, user: SignedInUser, query = '') {
  const response = await test.request({
    method: 'GET',
    url: `/api/commissions/exceptions${query}`,
    cookie: user.cookie,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { exceptions: CommissionException[]; counts: Record<string, number> }
}

/** POST /api/commissions/exceptions/:id/resolve as `user`. */
export const resolveAs = (test: TestApp, user: SignedInUser, id: string, payload: Record<string, unknown>) =>
  test.request({
    method: 'POST',
    url: `/api/commissions/exceptions/${id}/resolve`,
    cookie: user.cookie,
    payload,
  })

/** The exception of the scene's statement row. */
export const rowOf = (s: QueueScene, row: number) => s.statement.exceptionIds.get(row)!
