import type { Db, Executor } from '#server/db/connect.ts'
import { invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { RenewInput } from '#shared/contracts/renewals-outcomes.contract.ts'
import { RENEWAL_OUTCOME_TEXTS as T } from '#shared/contracts/renewals-texts.ts'
import { findPolicyForRenewal, markPolicyOutcome } from '../policies/policy-renewal.service.ts'
import { renewPolicyTerm } from '../policies/renew-policy-term.ts'
import { bindQuoteInTx, recordBinding, takeQuote } from '../quotes/bind-quote.ts'
import { findQuoteOfApplication } from '../quotes/quotes.service.ts'
import { conflictIfClosed } from './change-renewal.ts'
import * as repository from './renewals.repository.ts'
import { loadRenewal, notFound, toRenewals } from './renewals.service.ts'

export interface RenewDeps {
  storage: FileStorage
  /** Asks the in-process job worker to deliver a bind request now. */
  wake: () => void
}

/** Where the next term went: the policy carrying it, whether it is new, and what it renewed on. */
interface Outcome {
  policyId: string
  newPolicy: boolean
  premiumCents: number
  quoteId: string | null
  /** An API carrier was sent a bind request: delivery is woken once the transaction commits. */
  bindRequest: boolean
}

/** The carrier's renewal offer accepted: the same policy's next term at the offered premium. */
async function acceptOffer(tx: Executor, ctx: Ctx, row: repository.RenewalRow): Promise<Outcome> {
  if (row.offerPremiumCents === null) throw invalidField('quoteId', T.noOffer)
  await renewPolicyTerm(tx, ctx, row.policyId, row.termId, {
    effectiveDate: row.offerEffectiveDate ?? row.expirationDate,
    termMonths: row.offerTermMonths ?? 12,
    premiumCents: row.offerPremiumCents,
    details: { renewalId: row.id, renewedOn: 'offer' },
  })
  return {
    policyId: row.policyId,
    newPolicy: false,
    premiumCents: row.offerPremiumCents,
    quoteId: null,
    bindRequest: false,
  }
}

/**
 * A quote of the remarketed application accepted, effective when the expiring term ends. The
 * expiring carrier's quote gives the same policy its next term at the quote's premium (the quote
 * reads as bound to it); another carrier's is bound as a new policy, as binding does (a carrier
 * off the API needs its policy number), and the old policy is renewed, that is replaced, at expiry.
 */
async function acceptQuote(
  tx: Executor,
  storage: FileStorage,
  ctx: Ctx,
  row: repository.RenewalRow,
  input: RenewInput & { quoteId: string },
): Promise<Outcome> {
  const { agencyId } = ctx.actor
  const chosen = row.remarketApplicationId
    ? await findQuoteOfApplication(tx, agencyId, row.remarketApplicationId, input.quoteId)
    : undefined
  if (!chosen) throw invalidField('quoteId', T.unknownQuote)
  const effectiveDate = row.expirationDate
  if (chosen.carrierId !== row.carrierId) {
    const bound = await bindQuoteInTx(tx, storage, ctx, chosen.id, {
      effectiveDate,
      policyNumber: input.policyNumber,
    })
    await markPolicyOutcome(tx, agencyId, row.policyId, 'renewed')
    return {
      policyId: bound.policyId,
      newPolicy: true,
      premiumCents: chosen.premiumCents ?? 0,
      quoteId: chosen.id,
      bindRequest: bound.onApi,
    }
  }
  const policy = await findPolicyForRenewal(tx, agencyId, row.policyId)
  if (!policy) throw notFound()
  const taken = await takeQuote(tx, ctx, chosen.id)
  const premiumCents = taken.quote.premiumCents ?? 0
  await renewPolicyTerm(tx, ctx, row.policyId, row.termId, {
    effectiveDate,
    termMonths: taken.quote.termMonths ?? 12,
    premiumCents,
    details: { renewalId: row.id, renewedOn: 'quote', quoteId: chosen.id },
  })
  await recordBinding(
    tx,
    storage,
    ctx,
    taken,
    { id: row.policyId, policyNumber: policy.policyNumber },
    effectiveDate,
  )
  return {
    policyId: row.policyId,
    newPolicy: false,
    premiumCents,
    quoteId: chosen.id,
    bindRequest: taken.carrier.onApi,
  }
}

/**
 * Renews a renewal, in one transaction (nothing is half written when a step is refused): with the
 * carrier's offer (body `{}`) or a quote of the remarketed application (`{quoteId}`). Either way
 * the renewal closes as renewed, with the policy that carries the next term, its history and an
 * audit event; retention reads it from there. A renewal is renewed once: again is 409.
 */
export async function renewRenewal(
  db: Db,
  deps: RenewDeps,
  ctx: Ctx,
  id: string,
  input: RenewInput,
  today: string,
) {
  const { agencyId, userId } = ctx.actor
  const outcome = await db.transaction(async (tx) => {
    const row = await loadRenewal(tx, ctx, id, { forUpdate: true })
    conflictIfClosed(row.stage)
    const outcome = input.quoteId
      ? await acceptQuote(tx, deps.storage, ctx, row, { ...input, quoteId: input.quoteId })
      : await acceptOffer(tx, ctx, row)
    await repository.updateRenewal(tx, agencyId, id, {
      stage: 'renewed',
      dueDate: null,
      closedAt: new Date(),
      renewedPolicyId: outcome.policyId,
    })
    const details = {
      policyId: outcome.policyId,
      newPolicy: outcome.newPolicy,
      quoteId: outcome.quoteId,
      premiumCents: outcome.premiumCents,
    }
    await repository.insertEvents(tx, [
      {
        agencyId,
        renewalId: id,
        kind: 'renewed',
        fromStage: row.stage,
        toStage: 'renewed',
        details,
        byUserId: userId,
      },
    ])
    await recordAudit(tx, ctx, {
      action: 'renewal.renewed',
      entity: { type: 'renewal', id },
      details: { expiringPolicyId: row.policyId, from: row.stage, ...details },
    })
    return outcome
  })
  if (outcome.bindRequest) deps.wake()
  const [renewal] = await toRenewals(db, agencyId, [await loadRenewal(db, ctx, id)], today)
  return { renewal: renewal!, policyId: outcome.policyId, newPolicy: outcome.newPolicy }
}
