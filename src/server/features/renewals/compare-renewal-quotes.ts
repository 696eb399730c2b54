import type { z } from 'zod'
import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { compareRenewalQuotesCall } from '#shared/contracts/renewals-outcomes.contract.ts'
import { annualise, termMonthsOf, toCents, toDollars } from '#shared/domain/policy-ledger.ts'
import { premiumChange } from '#shared/domain/renewal-pipeline.ts'
import { findPolicyTerm } from '../policies/policy-renewal.service.ts'
import { compareQuotes } from '../quotes/compare-quotes.ts'
import { loadRenewal } from './renewals.service.ts'

type RenewalComparison = z.infer<typeof compareRenewalQuotesCall.response>

/**
 * The renewal's comparison: the carrier's renewal offer beside the remarketed application's
 * quotes (the quotes feature's own comparison, cheapest first), each with its change from the
 * expiring premium. The change compares yearly figures, so a 6-month quote stands beside a
 * 12-month term; for an offer on the expiring term's own length it is the renewal's change.
 */
export async function compareRenewalQuotes(db: Executor, ctx: Ctx, id: string): Promise<RenewalComparison> {
  const row = await loadRenewal(db, ctx, id)
  const [term, comparison] = await Promise.all([
    findPolicyTerm(db, ctx.actor.agencyId, row.termId),
    row.remarketApplicationId ? compareQuotes(db, ctx, row.remarketApplicationId, 'premium') : null,
  ])
  const expiringYearly = term
    ? annualise(row.expiringPremiumCents, termMonthsOf(term))
    : row.expiringPremiumCents
  const changeOf = (yearlyCents: number) => premiumChange(expiringYearly, yearlyCents).changePercent
  const offerMonths = row.offerTermMonths ?? 12
  const offerYearly = row.offerPremiumCents === null ? null : annualise(row.offerPremiumCents, offerMonths)
  return {
    expiringPremium: toDollars(row.expiringPremiumCents),
    offer:
      offerYearly === null
        ? null
        : {
            premium: toDollars(row.offerPremiumCents!),
            termMonths: offerMonths,
            effectiveDate: row.offerEffectiveDate ?? row.expirationDate,
            changes: row.offerChanges,
            receivedAt: (row.offerReceivedAt ?? row.updatedAt).toISOString(),
            annualPremium: toDollars(offerYearly),
            changePercent: changeOf(offerYearly),
          },
    applicationId: row.remarketApplicationId,
    quotes: (comparison?.quotes ?? []).map((quote) => ({
      ...quote,
      changePercent: quote.annualPremium === null ? null : changeOf(toCents(quote.annualPremium)),
    })),
    coverageLabels: comparison?.coverageLabels ?? [],
  }
}
