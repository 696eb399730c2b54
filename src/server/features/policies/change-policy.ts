import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import { POLICY_TEXTS, type Policy } from '#shared/contracts/policies.contract.ts'
import { isWithinTerm, policyStatusOn } from '#shared/domain/policy-ledger.ts'
import * as repository from './policies.repository.ts'
import { getPolicy, notFound } from './policies.service.ts'
import { announceTransactionsWritten } from './policy-commission.service.ts'

export interface PolicyChange {
  tx: Executor
  policy: repository.PolicyRow
  term: repository.TermRow
  today: string
}

/** What a change leaves: the term's new written premium and the policy's cancellation date. */
export interface ChangeOutcome {
  writtenPremiumCents: number
  cancellationDate: string | null
}

/**
 * One change to a policy's ledger, in one transaction: the policy is locked, the change runs on its
 * current term, and the term's premium, the policy's copy of it and its status follow. Answers
 * the policy as its page shows it, and whatever the change returns beside it.
 */
export async function changePolicy<T>(
  db: Db,
  ctx: Ctx,
  id: string,
  change: (current: PolicyChange) => Promise<{ outcome: ChangeOutcome; result: T }>,
): Promise<{ policy: Policy; result: T }> {
  const { agencyId } = ctx.actor
  const result = await db.transaction(async (tx) => {
    const policy = await repository.findPolicy(tx, agencyId, id, { forUpdate: true })
    if (!policy) throw notFound()
    const term = await repository.findCurrentTerm(tx, agencyId, id)
    if (!term) throw notFound()
    const today = utcToday()
    const { outcome, result } = await change({ tx, policy, term, today })
    await repository.setTermPremium(tx, term.id, outcome.writtenPremiumCents)
    await repository.updatePolicy(tx, agencyId, id, {
      writtenPremiumCents: outcome.writtenPremiumCents,
      cancellationDate: outcome.cancellationDate,
      status: policyStatusOn({ ...policy, cancellationDate: outcome.cancellationDate }, today),
    })
    // Each change writes a transaction to the ledger: commissions hear of it.
    await announceTransactionsWritten(tx, agencyId, [id])
    return result
  })
  return { policy: await getPolicy(db, ctx, id), result }
}

/** A change needs the policy in force (active, not already cancelled or over). */
export function requireActive(policy: repository.PolicyRow): void {
  if (policy.status !== 'active') {
    throw new AppError('CONFLICT', {
      message: POLICY_TEXTS.notActive.replace('{status}', policy.status.replace('_', ' ')),
    })
  }
}

/** A transaction's date must fall inside the current term. */
export function requireWithinTerm(term: repository.TermRow, date: string, field = 'effectiveDate'): void {
  if (!isWithinTerm(term, date)) {
    throw invalidField(
      field,
      POLICY_TEXTS.outsideTerm.replace('{from}', term.effectiveDate).replace('{to}', term.expirationDate),
    )
  }
}
