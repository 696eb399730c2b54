import { authenticator } from 'otplib'
import QRCode from 'qrcode'
import type { Executor } from '#server/db/connect.ts'
import { type AppError, invalidField } from '#server/platform/app-error.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { TWO_FACTOR_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import * as repository from './auth.repository.ts'
import { spendRecoveryCode } from './recovery-codes.service.ts'

export type CodeCheck = 'ok' | 'wrong_code' | 'replayed_code'

/** The 400 for an authenticator code that was refused: a replay says to wait for the next code. */
export function codeRefusal(check: Exclude<CodeCheck, 'ok'>): AppError {
  return invalidField(
    'code',
    check === 'replayed_code' ? TWO_FACTOR_MESSAGES.codeUsed : TWO_FACTOR_MESSAGES.codeWrong,
  )
}

/**
 * Checks a user's authenticator code and, when right, records its step as used in the same
 * statement that checks it is later than the last one, so a code (or an older one) never works twice.
 */
export async function acceptTotpCode(
  executor: Executor,
  cipher: FieldCipher,
  user: repository.UserRow,
  code: string,
): Promise<CodeCheck> {
  if (!user.totpSecret || !user.totpEnabledAt) return 'wrong_code'
  const step = matchTotpStep(cipher.decrypt(user.totpSecret), code)
  if (step === null) return 'wrong_code'
  const advanced = await repository.advanceTotpStep(executor, user.agencyId, user.id, step)
  return advanced ? 'ok' : 'replayed_code'
}

/** A code from the authenticator or one unused recovery code, whichever the input carries. */
export async function acceptSecondFactor(
  executor: Executor,
  cipher: FieldCipher,
  user: repository.UserRow,
  input: { code?: string; recoveryCode?: string },
): Promise<CodeCheck> {
  if (input.code) return acceptTotpCode(executor, cipher, user, input.code)
  if (input.recoveryCode && user.totpEnabledAt) {
    return (await spendRecoveryCode(executor, cipher, user, input.recoveryCode)) ? 'ok' : 'wrong_code'
  }
  return 'wrong_code'
}

// TOTP itself (RFC 6238), what the authenticator apps compute.

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
