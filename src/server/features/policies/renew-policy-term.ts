import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import { POLICY_TEXTS } from '#shared/contracts/policies.contract.ts'
import { addMonths, policyStatusOn } from '#shared/domain/policy-ledger.ts'
import * as repository from './policies.repository.ts'
import { notFound } from './policies.service.ts'
import { announceTransactionsWritten } from './policy-commission.service.ts'
import { announcePoliciesWritten } from './policy-renewal.service.ts'

export interface NextTerm {
  effectiveDate: string
  termMonths: number
  premiumCents: number
  /** What the term renews on (the carrier's offer, or a remarketed quote), kept on its transaction. */
  details: Record<string, unknown>
}

const conflict = (message: string) => new AppError('CONFLICT', { message })

/**
 * In the caller's transaction: the policy's next term with its `renewal` transaction at the
 * premium, written when a renewal is accepted with the same carrier. The policy then carries the
 * new term's dates and premium, its status follows by the one rule, and any outcome a renewal had
 * set is cleared. A cancelled policy (or one pending cancellation) is refused, and so is a term
 * that is no longer the current one: a term is renewed once. Audited.
 */
export async function renewPolicyTerm(
  tx: Executor,
  ctx: Ctx,
  policyId: string,
  expiringTermId: string,
  next: NextTerm,
): Promise<{ termId: string }> {
  const { agencyId, userId } = ctx.actor
  const policy = await repository.findPolicy(tx, agencyId, policyId, { forUpdate: true })
  const term = policy && (await repository.findCurrentTerm(tx, agencyId, policyId))
  if (!policy || !term) throw notFound()
  if (policy.cancellationDate)
    throw conflict(POLICY_TEXTS.notActive.replace('{status}', policy.status.replace('_', ' ')))
  if (term.id !== expiringTermId) throw conflict(POLICY_TEXTS.termAlreadyRenewed)
  const expirationDate = addMonths(next.effectiveDate, next.termMonths)
  const renewed = await repository.insertTerm(tx, {
    agencyId,
    policyId,
    termNumber: term.termNumber + 1,
    effectiveDate: next.effectiveDate,
    expirationDate,
    writtenPremiumCents: next.premiumCents,
  })
  const transaction = await repository.insertTransaction(tx, {
    agencyId,
    policyId,
    termId: renewed.id,
    kind: 'renewal',
    effectiveDate: next.effectiveDate,
    premiumChangeCents: next.premiumCents,
    details: next.details,
    createdByUserId: userId,
  })
  const facts = { effectiveDate: next.effectiveDate, expirationDate, cancellationDate: null, outcome: null }
  await repository.updatePolicy(tx, agencyId, policyId, {
    ...facts,
    writtenPremiumCents: next.premiumCents,
    status: policyStatusOn(facts, utcToday()),
  })
  // A short term renewed late may already be inside the horizon: the pipeline takes it at once.
  await announcePoliciesWritten(tx, agencyId, policyId)
  // Commissions rate the renewal term at the renewal rate in force on its first day.
  await announceTransactionsWritten(tx, agencyId, [policyId])
  await recordAudit(tx, ctx, {
    action: 'policy.renewed',
    entity: { type: 'policy', id: policyId },
    details: {
      termId: renewed.id,
      transactionId: transaction.id,
      effectiveDate: next.effectiveDate,
      expirationDate,
      premiumCents: next.premiumCents,
    },
  })
  return { termId: renewed.id }
}
