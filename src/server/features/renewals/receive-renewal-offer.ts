import type { Executor } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RenewalOfferInput } from '#shared/contracts/renewals.contract.ts'
import type { RenewalOfferOrigin } from '../carrier-delivery/carrier-webhooks.service.ts'
import { findPolicyByNumber } from '../policies/policy-renewal.service.ts'
import { recordOfferInTx } from './record-renewal-offer.ts'
import * as repository from './renewals.repository.ts'

/** What the carrier's developer reads when an offer is acknowledged but not recorded. */
export const OFFER_IGNORED = {
  unknownPolicy: 'No policy with this number at this carrier',
  noRenewal: 'The policy has no open renewal',
  stale: 'A later offer is already recorded',
} as const

/**
 * An API carrier's `renewal_offer` webhook event, in the webhook's transaction (carrier delivery
 * has checked the signature, the age and the event id): recorded exactly as an agent's entry is,
 * at-risk flag and order included, with the carrier and the event in the audit. It only moves
 * forward: a policy with no open renewal (closed, or not yet in the pipeline) and an offer signed
 * before the one already recorded are acknowledged and ignored.
 */
export async function receiveRenewalOffer(
  tx: Executor,
  origin: RenewalOfferOrigin,
  policyNumber: string,
  offer: RenewalOfferInput,
): Promise<{ applied: boolean; reason?: string }> {
  const { agencyId, carrierId, eventId, meta } = origin
  const policy = await findPolicyByNumber(tx, agencyId, carrierId, policyNumber)
  if (!policy) return { applied: false, reason: OFFER_IGNORED.unknownPolicy }
  const row = await repository.findOpenForPolicy(tx, agencyId, policy.id)
  if (!row) return { applied: false, reason: OFFER_IGNORED.noRenewal }
  if (row.offerReceivedAt && row.offerReceivedAt > origin.signedAt)
    return { applied: false, reason: OFFER_IGNORED.stale }
  await recordOfferInTx(tx, row, offer, {
    byUserId: null,
    audit: (executor, event) =>
      recordAuditAs(
        executor,
        meta,
        { agencyId, actorUserId: null },
        { ...event, details: { ...event.details, carrierId, eventId } },
      ),
  })
  return { applied: true }
}
