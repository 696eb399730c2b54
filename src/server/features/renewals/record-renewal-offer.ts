import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { RenewalOfferInput } from '#shared/contracts/renewals.contract.ts'
import { toCents } from '#shared/domain/policy-ledger.ts'
import { isAtRisk, premiumChange } from '#shared/domain/renewal-pipeline.ts'
import { refuseClosed } from './change-renewal.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'
import * as repository from './renewals.repository.ts'
import { getRenewal, loadRenewal } from './renewals.service.ts'

/**
 * The carrier's renewal offer, entered by the agent (or sent by an API carrier's webhook): its
 * change from the expiring premium is worked out, and past the agency's threshold the renewal is
 * flagged at risk, which puts it at the top of the list. A later offer replaces an earlier one.
 */
export async function recordRenewalOffer(
  db: Db,
  ctx: Ctx,
  id: string,
  offer: RenewalOfferInput,
  today: string,
) {
  const { agencyId } = ctx.actor
  await db.transaction(async (tx) => {
    const row = await loadRenewal(tx, ctx, id, { forUpdate: true })
    refuseClosed(row.stage)
    const settings = (await renewalSettingsFor(tx, [agencyId])).get(agencyId)!
    const offerCents = toCents(offer.premium)
    const change = premiumChange(row.expiringPremiumCents, offerCents)
    const atRisk = isAtRisk(change, settings)
    await repository.updateRenewal(tx, agencyId, id, {
      offerPremiumCents: offerCents,
      offerTermMonths: offer.termMonths,
      offerEffectiveDate: offer.effectiveDate ?? row.expirationDate,
      offerChanges: offer.changes || null,
      offerReceivedAt: new Date(),
      changePercent: change.changePercent,
      atRisk,
    })
    await repository.insertEvents(tx, [
      {
        agencyId,
        renewalId: id,
        kind: 'offer',
        details: {
          premiumCents: offerCents,
          changeCents: change.changeCents,
          changePercent: change.changePercent,
          atRisk,
        },
        byUserId: ctx.actor.userId,
      },
    ])
    await recordAudit(tx, ctx, {
      action: 'renewal.offer_recorded',
      entity: { type: 'renewal', id },
      details: {
        policyId: row.policyId,
        premiumCents: offerCents,
        changePercent: change.changePercent,
        atRisk,
      },
    })
  })
  return getRenewal(db, ctx, id, today)
}
