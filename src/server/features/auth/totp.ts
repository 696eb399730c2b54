import { authenticator } from 'otplib'
import QRCode from 'qrcode'

/** RFC 6238 as authenticator apps use it: 30 s steps, 6 digits, SHA-1, one step of drift either way. */
const STEP_SECONDS = 30
const totp = authenticator.clone({ step: STEP_SECONDS, digits: 6, window: 1 })
const ISSUER = 'Agency Back Office'

/** A 160-bit secret in base32 (RFC 4226 recommends 160 bits). */
export function generateTotpSecret(): string {
  return authenticator.generateSecret(20)
}

export function otpauthUri(accountName: string, secret: string): string {
  return totp.keyuri(accountName, ISSUER, secret)
}

/** The QR code as an SVG data URL: drawn here, so the browser bundle carries no QR library. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

export function currentTotpStep(now = Date.now()): number {
  return Math.floor(now / 1000 / STEP_SECONDS)
}

/**
 * The time step a code belongs to (the current one or one either side), or null when it matches
 * none. The caller refuses a step not after the last one used, which makes every code single use.
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp.clone({ epoch: now }).checkDelta(code, secret)
  return delta === null ? null : currentTotpStep(now) + delta
}
