import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import {
  type DisableTwoFactorInput,
  type Enrolment,
  type RegenerateCodesInput,
  SECURITY_MESSAGES,
  type SecurityStatus,
  TWO_FACTOR_MESSAGES,
} from '#shared/contracts/auth-security.contract.ts'
import { setRequireTwoFactor } from '../agencies/agencies.service.ts'
import * as repository from './auth.repository.ts'
import { enableTwoFactor } from './enable-two-factor.ts'
import { assertNotDemoAgency, loadCurrentUser } from './load-current-user.ts'
import { reauthenticate } from './reauthenticate.ts'
import { countUnusedRecoveryCodes, deleteRecoveryCodes } from './recovery-codes.repository.ts'
import { issueRecoveryCodes } from './recovery-codes.service.ts'
import { sendSecurityAlert } from './send-security-alert.ts'
import { assertNotLocked, refuseSettingsGuess } from './throttle-sign-in.ts'
import {
  acceptTotpCode,
  codeRefusal,
  generateTotpSecret,
  matchTotpStep,
  otpauthUri,
  qrDataUrl,
} from './two-factor.service.ts'

const ENROLMENT_MINUTES = 10

function audit(executor: Executor, ctx: Ctx, action: string, details: Record<string, unknown> = {}) {
  return recordAudit(executor, ctx, { action, entity: { type: 'user', id: ctx.actor.userId }, details })
}

export async function getSecurityStatus(db: Db, ctx: Ctx): Promise<SecurityStatus> {
  const { user, agency } = await loadCurrentUser(db, ctx.actor)
  return {
    twoFactorEnabled: user.totpEnabledAt !== null,
    twoFactorEnabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.totpEnabledAt ? await countUnusedRecoveryCodes(db, user) : 0,
    agencyRequiresTwoFactor: agency.requireTwoFactor,
    hasPassword: user.passwordHash !== null,
    demoAccount: agency.isDemo,
  }
}

/**
 * A new secret for the user to scan, once they proved it is them (reauthenticate): a stolen
 * session cannot bind its own authenticator to the account. Nothing is stored until a code
 * confirms it: the secret travels sealed (bound to the user, ten minutes) in `enrolmentToken`,
 * which is also the confirming call's proof of that re-authentication.
 */
export async function startEnrolment(
  db: Db,
  cipher: FieldCipher,
  ctx: Ctx,
  input: { currentPassword?: string },
): Promise<Enrolment & { enrolmentToken: string }> {
  const { user, agency } = await loadCurrentUser(db, ctx.actor)
  assertNotDemoAgency(agency)
  if (user.totpEnabledAt) throw new AppError('CONFLICT', { message: SECURITY_MESSAGES.twoFactorAlreadyOn })
  await reauthenticate(db, ctx, user, 'two_factor_enrolment', {
    password: input.currentPassword,
    field: 'currentPassword',
  })
  const secret = generateTotpSecret()
  const enrolmentToken = cipher.encrypt(
    JSON.stringify({ u: user.id, s: secret, e: Date.now() + ENROLMENT_MINUTES * 60_000 }),
  )
  const uri = otpauthUri(user.email, secret)
  await audit(db, ctx, 'auth.two_factor_enrolment_started')
  return { secret, otpauthUri: uri, qrDataUrl: await qrDataUrl(uri), enrolmentToken }
}

function openEnrolmentToken(cipher: FieldCipher, token: string, userId: string): string {
  try {
    const { u, s, e } = JSON.parse(cipher.decrypt(token)) as { u: string; s: string; e: number }
    if (u === userId && e > Date.now() && typeof s === 'string') return s
  } catch {
    // A forged or damaged token reads as expired.
  }
  throw invalidField('enrolmentToken', SECURITY_MESSAGES.enrolmentExpired)
}

/** The first code proves the app holds the secret: two-factor is on, with ten new recovery codes. */
export async function confirmEnrolment(
  db: Db,
  cipher: FieldCipher,
  ctx: Ctx,
  input: { enrolmentToken: string; code: string },
): Promise<{ recoveryCodes: string[] }> {
  assertNotDemoAgency((await loadCurrentUser(db, ctx.actor)).agency)
  const secret = openEnrolmentToken(cipher, input.enrolmentToken, ctx.actor.userId)
  const step = matchTotpStep(secret, input.code)
  if (step === null) throw invalidField('code', TWO_FACTOR_MESSAGES.codeWrong)
  return db.transaction(async (tx) => {
    const user = { id: ctx.actor.userId, agencyId: ctx.actor.agencyId }
    const enabled = await enableTwoFactor(tx, cipher, user, cipher.encrypt(secret), step, ctx, {
      during: 'settings',
    })
    if (!enabled) throw new AppError('CONFLICT', { message: SECURITY_MESSAGES.twoFactorAlreadyOn })
    return { recoveryCodes: enabled.recoveryCodes }
  })
}

/** Ten new recovery codes (the old ones stop working); needs the current password and a current code. */
export async function regenerateRecoveryCodes(
  db: Db,
  cipher: FieldCipher,
  ctx: Ctx,
  input: RegenerateCodesInput,
): Promise<{ recoveryCodes: string[] }> {
  const { user } = await loadCurrentUser(db, ctx.actor)
  await assertNotLocked(db, user.email, ctx)
  if (!user.totpEnabledAt) throw new AppError('CONFLICT', { message: SECURITY_MESSAGES.twoFactorNotOn })
  await reauthenticate(db, ctx, user, 'recovery_codes', {
    password: input.currentPassword,
    field: 'currentPassword',
  })
  const outcome = await db.transaction(async (tx) => {
    const check = await acceptTotpCode(tx, cipher, user, input.code)
    if (check !== 'ok') return { check }
    const recoveryCodes = await issueRecoveryCodes(tx, cipher, user)
    await audit(tx, ctx, 'auth.recovery_codes_regenerated')
    return { check, recoveryCodes }
  })
  if (!outcome.recoveryCodes) {
    await refuseSettingsGuess(
      db,
      ctx,
      user,
      { action: 'auth.two_factor_failed', reason: outcome.check, during: 'recovery_codes' },
      codeRefusal(outcome.check),
    )
  }
  return { recoveryCodes: outcome.recoveryCodes! }
}

/**
 * Turns two-factor off, sends a security alert, and is refused while the agency requires
 * two-factor. Needs the current password (reauthenticate); an account without one (Google only)
 * needs a recent sign-in and a current code instead.
 */
export async function disableTwoFactor(
  db: Db,
  cipher: FieldCipher,
  ctx: Ctx,
  input: DisableTwoFactorInput,
): Promise<SecurityStatus> {
  const { user, agency } = await loadCurrentUser(db, ctx.actor)
  await assertNotLocked(db, user.email, ctx)
  if (!user.totpEnabledAt) throw new AppError('CONFLICT', { message: SECURITY_MESSAGES.twoFactorNotOn })
  if (agency.requireTwoFactor) {
    throw new AppError('CONFLICT', { message: SECURITY_MESSAGES.agencyRequiresTwoFactor })
  }
  await reauthenticate(db, ctx, user, 'disable_two_factor', {
    password: input.password,
    field: 'password',
    failure: 'auth.two_factor_disable_refused',
  })
  const byCode = !user.passwordHash
  if (byCode && !input.code) throw invalidField('code', TWO_FACTOR_MESSAGES.codeFormat)
  const refused = await db.transaction(async (tx) => {
    if (byCode && (await acceptTotpCode(tx, cipher, user, input.code!)) !== 'ok') return true
    await repository.setTotp(tx, user.agencyId, user.id, null)
    await deleteRecoveryCodes(tx, user)
    await sendSecurityAlert(tx, user, 'two_factor_disabled', ctx)
    await audit(tx, ctx, 'auth.two_factor_disabled', { proof: byCode ? 'code' : 'password' })
    return false
  })
  if (refused) {
    await refuseSettingsGuess(
      db,
      ctx,
      user,
      { action: 'auth.two_factor_disable_refused', reason: 'wrong_code', during: 'disable_two_factor' },
      invalidField('code', TWO_FACTOR_MESSAGES.codeWrong),
    )
  }
  return getSecurityStatus(db, ctx)
}

/**
 * The agency admin's switch. Once on, each user without two-factor enrols at their next sign-in;
 * sessions already open go on until they end (ending them would sign out the whole agency at once).
 */
export async function setAgencyTwoFactorRequirement(
  db: Db,
  ctx: Ctx,
  required: boolean,
): Promise<{ required: boolean }> {
  assertNotDemoAgency((await loadCurrentUser(db, ctx.actor)).agency)
  return db.transaction(async (tx) => {
    await setRequireTwoFactor(tx, ctx.actor.agencyId, required)
    await recordAudit(tx, ctx, {
      action: 'agency.two_factor_requirement_changed',
      entity: { type: 'agency', id: ctx.actor.agencyId },
      details: { required },
    })
    return { required }
  })
}
