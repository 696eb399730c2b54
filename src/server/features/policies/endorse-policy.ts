import type { Db } from '#server/db/connect.ts'
import { invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { POLICY_TEXTS, type Policy } from '#shared/contracts/policies.contract.ts'
import { toCents } from '#shared/domain/policy-ledger.ts'
import { changePolicy, requireActive, requireWithinTerm } from './change-policy.ts'
import * as repository from './policies.repository.ts'

export interface Endorsement {
  effectiveDate: string
  /** Dollars, plus or minus; 0 for a change without a premium effect (an address, a driver). */
  premiumChange: number
  description: string
}

/** An endorsement: a mid-term change, dated inside the term, whose premium change the term's premium follows. */
export async function endorsePolicy(db: Db, ctx: Ctx, id: string, input: Endorsement): Promise<Policy> {
  const { policy } = await changePolicy(db, ctx, id, async ({ tx, policy, term }) => {
    requireActive(policy)
    requireWithinTerm(term, input.effectiveDate)
    const changeCents = toCents(input.premiumChange)
    const writtenPremiumCents = term.writtenPremiumCents + changeCents
    if (writtenPremiumCents < 0) throw invalidField('premiumChange', POLICY_TEXTS.premiumBelowZero)
    const transaction = await repository.insertTransaction(tx, {
      agencyId: policy.agencyId,
      policyId: policy.id,
      termId: term.id,
      kind: 'endorsement',
      effectiveDate: input.effectiveDate,
      premiumChangeCents: changeCents,
      description: input.description,
      createdByUserId: ctx.actor.userId,
    })
    await recordAudit(tx, ctx, {
      action: 'policy.endorsed',
      entity: { type: 'policy', id: policy.id },
      details: { transactionId: transaction.id, premiumChangeCents: changeCents },
    })
    return { outcome: { writtenPremiumCents, cancellationDate: policy.cancellationDate }, result: null }
  })
  return policy
}
