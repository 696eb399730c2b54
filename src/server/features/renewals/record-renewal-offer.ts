import type { Db, Executor } from '#server/db/connect.ts'
import { type AuditEvent, recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { RenewalOfferInput } from '#shared/contracts/renewals.contract.ts'
import { toCents } from '#shared/domain/policy-ledger.ts'
import { isAtRisk, premiumChange } from '#shared/domain/renewal-pipeline.ts'
import { refuseClosed } from './change-renewal.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'
import * as repository from './renewals.repository.ts'
import { getRenewal, loadRenewal } from './renewals.service.ts'

/** Who recorded an offer: an agent (their user and audit event) or a carrier's webhook (none, the system's). */
export interface OfferSource {
  byUserId: string | null
  audit: (tx: Executor, event: AuditEvent) => Promise<void>
}

/**
 * In the caller's transaction, on an open renewal it has locked: the offer's change from the
 * expiring premium is worked out, and past the agency's threshold the renewal is flagged at risk,
 * which puts it at the top of the list. A later offer replaces an earlier one. The history and
 * the audit say who recorded it.
 */
export async function recordOfferInTx(
  tx: Executor,
  row: repository.RenewalRow,
  offer: RenewalOfferInput,
  source: OfferSource,
): Promise<void> {
  const { agencyId, id } = row
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
      byUserId: source.byUserId,
    },
  ])
  await source.audit(tx, {
    action: 'renewal.offer_recorded',
    entity: { type: 'renewal', id },
    details: {
      policyId: row.policyId,
      premiumCents: offerCents,
      changePercent: change.changePercent,
      atRisk,
    },
  })
}

/** The carrier's renewal offer, entered by the agent (an API carrier's webhook sends its own). */
export async function recordRenewalOffer(
  db: Db,
  ctx: Ctx,
  id: string,
  offer: RenewalOfferInput,
  today: string,
) {
  await db.transaction(async (tx) => {
    const row = await loadRenewal(tx, ctx, id, { forUpdate: true })
    refuseClosed(row.stage)
    await recordOfferInTx(tx, row, offer, {
      byUserId: ctx.actor.userId,
      audit: (executor, event) => recordAudit(executor, ctx, event),
    })
  })
  return getRenewal(db, ctx, id, today)
}
