import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Both directions of a carrier connection are signed with the connection's shared secret:
 * HMAC-SHA256 over `${timestamp}.${raw body}`, sent as `sha256=<hex>` beside the timestamp (Unix
 * seconds). The timestamp in the signed text makes an old request useless to replay.
 *
 * Our deliveries carry X-Agency-Timestamp, X-Agency-Signature and Idempotency-Key; a carrier's
 * status webhooks carry X-Carrier-Timestamp and X-Carrier-Signature.
 */
export const DELIVERY_HEADERS = {
  timestamp: 'x-agency-timestamp',
  signature: 'x-agency-signature',
  idempotencyKey: 'idempotency-key',
} as const
export const WEBHOOK_HEADERS = { timestamp: 'x-carrier-timestamp', signature: 'x-carrier-signature' } as const

/** A webhook signed longer ago than this is refused as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300

export function sign(secret: string, timestamp: number, rawBody: string | Buffer): string {
  const mac = createHmac('sha256', secret)
  mac.update(`${timestamp}.`)
  mac.update(rawBody)
  return `sha256=${mac.digest('hex')}`
}

export function verifySignature(
  secret: string,
  timestamp: number,
  rawBody: string | Buffer,
  signature: string,
): boolean {
  const expected = Buffer.from(sign(secret, timestamp, rawBody))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export function generateSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}
