import type { Db } from '#server/db/connect.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { findCarrierSecrets } from './carrier-connections.service.ts'
import * as repository from './carrier-delivery.repository.ts'
import {
  isTooOld,
  type RenewalOfferEvent,
  type RenewalOfferHandler,
  type SignedEvent,
  TOO_OLD,
  type WebhookVerdict,
} from './carrier-webhooks.service.ts'
import { verifySignature } from './signing.service.ts'

/**
 * A carrier's `renewal_offer` event. It names a policy, not a submission, so the agency is the
 * one whose secret for this carrier verifies the signature; none does, and it is refused as any
 * bad signature is (401, nothing changed). Then the webhook's other rules hold: a signature more
 * than five minutes old or an event id already received is acknowledged and ignored, and
 * `renewalOffers` decides whether the offer moves the policy's renewal forward (an offer on a
 * closed renewal, or older than the one recorded, is ignored with its reason).
 */
export async function receiveRenewalOfferEvent(
  db: Db,
  cipher: FieldCipher,
  meta: RequestMeta,
  signed: SignedEvent<RenewalOfferEvent>,
  log: { warn(obj: object, msg: string): void },
  renewalOffers?: RenewalOfferHandler,
): Promise<WebhookVerdict> {
  const { carrierId, event, raw, timestamp, signature } = signed
  const secrets = await findCarrierSecrets(db, cipher, carrierId)
  const signer = secrets.find((candidate) => verifySignature(candidate.secret, timestamp, raw, signature))
  if (!signer) {
    log.warn({ carrierId }, 'carrier webhook refused')
    return { refused: true }
  }
  if (isTooOld(timestamp, carrierId, log)) return TOO_OLD
  const { agencyId } = signer
  return db.transaction(async (tx) => {
    const fresh = await repository.recordWebhookEvent(tx, {
      carrierId,
      agencyId,
      eventId: event.eventId,
      submissionId: null,
    })
    if (!fresh) return { refused: false, applied: false, reason: 'Event already received' }
    if (!renewalOffers) return { refused: false, applied: false, reason: 'Renewal offers are not taken' }
    const origin = { agencyId, carrierId, eventId: event.eventId, meta, signedAt: new Date(timestamp * 1000) }
    const verdict = await renewalOffers(tx, origin, event.policyNumber, event.renewalOffer)
    return verdict.applied
      ? { refused: false, applied: true, status: event.status }
      : { refused: false, applied: false, ...(verdict.reason ? { reason: verdict.reason } : {}) }
  })
}
