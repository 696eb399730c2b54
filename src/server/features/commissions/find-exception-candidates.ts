import type { Db } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import { toDollars } from '#shared/domain/policy-ledger.ts'
import { searchCarrierPolicies } from '../policies/policy-lookup.service.ts'
import * as repository from './commission-exceptions.repository.ts'
import { exceptionNotFound } from './commission-exceptions.service.ts'

/**
 * What a line can be matched to by hand: the policies of the exception's carrier whose number or
 * insured's name fits `q` (at most 20, through the policies feature), each with its expected
 * commissions not paid yet, nearest the line's date first. Another carrier's policies never show.
 */
export async function findExceptionCandidates(db: Db, ctx: Ctx, id: string, q: string) {
  const { agencyId } = ctx.actor
  const scope = await repository.findExceptionScope(db, agencyId, id)
  if (!scope) throw exceptionNotFound()
  const policies = await searchCarrierPolicies(db, agencyId, scope.carrierId, q)
  const unpaid = await repository.findUnpaidExpected(
    db,
    agencyId,
    policies.map((policy) => policy.policyId),
    scope.date,
  )
  return {
    candidates: policies.map((policy) => ({
      ...policy,
      expected: unpaid
        .filter((row) => row.policyId === policy.policyId)
        .map((row) => ({
          id: row.id,
          transactionKind: row.transactionKind,
          effectiveDate: row.effectiveDate,
          amount: toDollars(row.amountCents),
        })),
    })),
  }
}
