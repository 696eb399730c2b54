import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { Cancellation, Policy } from '#shared/contracts/policies.contract.ts'
import { DEFAULT_SHORT_RATE_PENALTY_BP, returnPremium, toDollars } from '#shared/domain/policy-ledger.ts'
import { changePolicy, requireActive, requireWithinTerm } from './change-policy.ts'
import * as repository from './policies.repository.ts'
import { notFound } from './policies.service.ts'
import { announceCancellation } from './policy-renewal.service.ts'

/**
 * A cancellation's figures on the current term. A flat cancellation goes back to the term's
 * effective date, whatever date was asked; the others are dated inside the term.
 */
function figuresOf(term: repository.TermRow, input: Cancellation) {
  const effectiveDate = input.method === 'flat' ? term.effectiveDate : input.effectiveDate
  requireWithinTerm(term, effectiveDate)
  const penaltyBp =
    input.method === 'short_rate'
      ? input.penaltyPercent === undefined
        ? DEFAULT_SHORT_RATE_PENALTY_BP
        : Math.round(input.penaltyPercent * 100)
      : 0
  const returnCents = returnPremium({
    effectiveDate: term.effectiveDate,
    expirationDate: term.expirationDate,
    writtenPremiumCents: term.writtenPremiumCents,
    cancellationDate: effectiveDate,
    method: input.method,
    penaltyBp,
  })
  return { effectiveDate, penaltyBp, returnCents }
}

async function currentTerm(executor: Executor, agencyId: string, id: string) {
  const policy = await repository.findPolicy(executor, agencyId, id)
  const term = policy && (await repository.findCurrentTerm(executor, agencyId, id))
  if (!policy || !term) throw notFound()
  return { policy, term }
}

/** What the cancellation would return, shown before the agent confirms it; nothing is written. */
export async function previewCancellation(db: Db, ctx: Ctx, id: string, input: Cancellation) {
  const { policy, term } = await currentTerm(db, ctx.actor.agencyId, id)
  requireActive(policy)
  const { effectiveDate, returnCents } = figuresOf(term, input)
  return { returnPremium: toDollars(returnCents), effectiveDate }
}

/**
 * Cancels the policy: a cancellation transaction of minus the return premium, dated as asked. A
 * date still ahead leaves the policy pending cancellation until that day (the daily job moves it).
 */
export async function cancelPolicy(
  db: Db,
  ctx: Ctx,
  id: string,
  input: Cancellation,
): Promise<{ policy: Policy; returnPremium: number }> {
  const { policy, result } = await changePolicy(db, ctx, id, async ({ tx, policy, term }) => {
    requireActive(policy)
    const { effectiveDate, penaltyBp, returnCents } = figuresOf(term, input)
    const transaction = await repository.insertTransaction(tx, {
      agencyId: policy.agencyId,
      policyId: policy.id,
      termId: term.id,
      kind: 'cancellation',
      effectiveDate,
      premiumChangeCents: -returnCents,
      description: input.note ?? null,
      details: { reason: input.reason, method: input.method, penaltyBp, returnPremiumCents: returnCents },
      createdByUserId: ctx.actor.userId,
    })
    await recordAudit(tx, ctx, {
      action: 'policy.cancelled',
      entity: { type: 'policy', id: policy.id },
      details: { transactionId: transaction.id, reason: input.reason, method: input.method, effectiveDate },
    })
    // A cancelled policy leaves the renewal pipeline (its listener closes the open renewal).
    await announceCancellation(tx, policy.agencyId, policy.id, 'cancelled')
    return {
      outcome: {
        writtenPremiumCents: term.writtenPremiumCents - returnCents,
        cancellationDate: effectiveDate,
      },
      result: returnCents,
    }
  })
  return { policy, returnPremium: toDollars(result) }
}
