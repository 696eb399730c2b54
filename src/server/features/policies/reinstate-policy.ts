import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { POLICY_TEXTS, type Policy } from '#shared/contracts/policies.contract.ts'
import { findBookSettings } from './book-settings.service.ts'
import { changePolicy } from './change-policy.ts'
import * as repository from './policies.repository.ts'
import { isReinstatable } from './policies.service.ts'
import { announceCancellation } from './policy-renewal.service.ts'

/**
 * Reinstates a cancelled policy within the agency's window from its cancellation's date: coverage resumes
 * without a gap, so the reinstatement is dated on the cancellation's date and puts back the
 * premium it returned.
 */
export async function reinstatePolicy(db: Db, ctx: Ctx, id: string, note?: string): Promise<Policy> {
  const { policy } = await changePolicy(db, ctx, id, async ({ tx, policy, term, today }) => {
    if (policy.status !== 'cancelled' && policy.status !== 'pending_cancellation') {
      throw new AppError('CONFLICT', { message: POLICY_TEXTS.notCancelled })
    }
    const { reinstatementWindowDays: days } = await findBookSettings(tx, policy.agencyId)
    if (!isReinstatable(policy, days, today)) {
      throw new AppError('CONFLICT', { message: POLICY_TEXTS.windowPassed.replace('{days}', String(days)) })
    }
    const { transactions } = await repository.findLedger(tx, policy.agencyId, policy.id)
    const cancellation = transactions.filter((t) => t.termId === term.id && t.kind === 'cancellation').at(-1)
    const restoredCents = cancellation ? -cancellation.premiumChangeCents : 0
    const transaction = await repository.insertTransaction(tx, {
      agencyId: policy.agencyId,
      policyId: policy.id,
      termId: term.id,
      kind: 'reinstatement',
      effectiveDate: policy.cancellationDate!,
      premiumChangeCents: restoredCents,
      description: note ?? null,
      details: { cancellationTransactionId: cancellation?.id ?? null },
      createdByUserId: ctx.actor.userId,
    })
    await recordAudit(tx, ctx, {
      action: 'policy.reinstated',
      entity: { type: 'policy', id: policy.id },
      details: { transactionId: transaction.id },
    })
    // Coverage resumes without a gap, and so does the renewal the cancellation closed.
    await announceCancellation(tx, policy.agencyId, policy.id, 'reinstated')
    return {
      outcome: { writtenPremiumCents: term.writtenPremiumCents + restoredCents, cancellationDate: null },
      result: null,
    }
  })
  return policy
}
