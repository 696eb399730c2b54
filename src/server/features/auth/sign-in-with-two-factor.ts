import type { Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import {
  type Enrolment,
  type SecondStepInput,
  TWO_FACTOR_MESSAGES,
  type TwoFactorStep,
} from '#shared/contracts/auth-security.contract.ts'
import * as repository from './auth.repository.ts'
import { enableTwoFactor } from './enable-two-factor.ts'
import { sendSecurityAlert } from './send-security-alert.ts'
import { finishSignIn, type SignedIn, type SignInDeps } from './sign-in.ts'
import { type ChallengeRow, countChallengeFailure, deleteChallenge } from './sign-in-challenges.repository.ts'
import { findChallenge, lockChallenge, type SignInMethod } from './sign-in-challenges.service.ts'
import { assertNotLocked, recordSignInFailure } from './throttle-sign-in.ts'
import {
  acceptSecondFactor,
  type CodeCheck,
  codeRefusal,
  matchTotpStep,
  otpauthUri,
  qrDataUrl,
} from './two-factor.service.ts'

type Attempt<T> = { ok: true; value: T } | { ok: false; failure: Exclude<CodeCheck, 'ok'> }

function challengeExpired(): AppError {
  return new AppError('UNAUTHORIZED', { message: TWO_FACTOR_MESSAGES.challengeExpired })
}

/**
 * One second-step attempt against the challenge in the browser's cookie. Without a live challenge
 * (none, expired, already used, another kind) it answers 401; for a locked email, 429. A wrong code
 * counts as a sign-in failure of the email, exactly like a wrong password; the one that reaches the
 * limit ends the challenge, so the password is needed again after the lock.
 */
async function attemptStep<T>(
  deps: SignInDeps,
  token: string | undefined,
  kind: TwoFactorStep,
  meta: RequestMeta,
  usesRecoveryCode: boolean,
  attempt: (tx: Executor, user: repository.UserRow, challenge: ChallengeRow) => Promise<Attempt<T> | null>,
): Promise<T> {
  const peek = await lockChallenge(deps.db, token, kind)
  if (!peek) throw challengeExpired()
  const user = await repository.findUser(deps.db, peek.agencyId, peek.userId)
  if (!user || user.disabledAt) {
    await deleteChallenge(deps.db, peek.id)
    throw challengeExpired()
  }
  try {
    await assertNotLocked(deps.db, user.email, meta)
  } catch (error) {
    await deleteChallenge(deps.db, peek.id)
    throw error
  }
  const outcome = await deps.db.transaction(async (tx): Promise<Attempt<T> | null> => {
    // The user as it is now, not as read before the transaction: two-factor may have changed since.
    // The user row is locked before the challenge, in the order enableTwoFactor takes them.
    const current = await repository.lockUser(tx, peek.agencyId, peek.userId)
    const challenge = await lockChallenge(tx, token, kind)
    if (!challenge) return null
    const result = current && !current.disabledAt ? await attempt(tx, current, challenge) : null
    if (!result) {
      await deleteChallenge(tx, challenge.id)
      return null
    }
    if (result.ok) {
      await deleteChallenge(tx, challenge.id)
      return result
    }
    await countChallengeFailure(tx, challenge.id)
    const locked = await recordSignInFailure(tx, meta, {
      email: user.email,
      user,
      action: 'auth.two_factor_failed',
      reason: result.failure,
    })
    if (locked) await deleteChallenge(tx, challenge.id)
    return result
  })
  if (!outcome) throw challengeExpired()
  if (outcome.ok) return outcome.value
  await assertNotLocked(deps.db, user.email, meta)
  throw wrongAnswer(outcome.failure, usesRecoveryCode)
}

function wrongAnswer(failure: Exclude<CodeCheck, 'ok'>, usesRecoveryCode: boolean): AppError {
  if (usesRecoveryCode) return invalidField('recoveryCode', TWO_FACTOR_MESSAGES.recoveryCodeWrong)
  return codeRefusal(failure)
}

/** POST /api/auth/login/two-factor: a code or a recovery code turns the challenge into a session. */
export async function completeSecondStep(
  deps: SignInDeps,
  token: string | undefined,
  input: SecondStepInput,
  meta: RequestMeta,
  deviceToken: string | undefined,
): Promise<SignedIn> {
  return attemptStep(
    deps,
    token,
    'verify',
    meta,
    Boolean(input.recoveryCode),
    async (tx, user, challenge) => {
      const check = await acceptSecondFactor(tx, deps.cipher, user, input)
      if (check !== 'ok') return { ok: false, failure: check }
      const secondFactor = input.recoveryCode ? 'recovery_code' : 'totp'
      if (input.recoveryCode) {
        await recordAuditAs(
          tx,
          meta,
          { agencyId: user.agencyId, actorUserId: user.id },
          { action: 'auth.recovery_code_used', entity: { type: 'user', id: user.id } },
        )
        await sendSecurityAlert(tx, user, 'recovery_code_used', meta)
      }
      const signedIn = await finishSignIn(tx, deps, user, meta, {
        method: challenge.method as SignInMethod,
        deviceToken,
        secondFactor,
      })
      return { ok: true, value: signedIn }
    },
  )
}

/** The secret being enrolled at sign-in (the agency requires two-factor), with its URI and QR code. */
export async function getSignInEnrolment(deps: SignInDeps, token: string | undefined): Promise<Enrolment> {
  const challenge = await lockChallenge(deps.db, token, 'enrol')
  if (!challenge?.pendingSecret) throw challengeExpired()
  const user = await repository.findUser(deps.db, challenge.agencyId, challenge.userId)
  if (!user) throw challengeExpired()
  const secret = deps.cipher.decrypt(challenge.pendingSecret)
  const uri = otpauthUri(user.email, secret)
  return { secret, otpauthUri: uri, qrDataUrl: await qrDataUrl(uri) }
}

/** A first code confirms the enrolment: two-factor is on, ten recovery codes are issued, and the session starts. */
export async function completeSignInEnrolment(
  deps: SignInDeps,
  token: string | undefined,
  code: string,
  meta: RequestMeta,
  deviceToken: string | undefined,
): Promise<SignedIn & { recoveryCodes: string[] }> {
  return attemptStep(deps, token, 'enrol', meta, false, async (tx, user, challenge) => {
    if (!challenge.pendingSecret) return { ok: false, failure: 'wrong_code' }
    const step = matchTotpStep(deps.cipher.decrypt(challenge.pendingSecret), code)
    if (step === null) return { ok: false, failure: 'wrong_code' }
    const enabled = await enableTwoFactor(tx, deps.cipher, user, challenge.pendingSecret, step, meta, {
      during: 'sign_in',
      agencyRequired: true,
    })
    // Two-factor went on elsewhere since this sign-in began: its secret stays, this enrolment is over.
    if (!enabled) return null
    const { recoveryCodes } = enabled
    const signedIn = await finishSignIn(tx, deps, user, meta, {
      method: challenge.method as SignInMethod,
      deviceToken,
      secondFactor: 'enrolment',
    })
    return { ok: true, value: { ...signedIn, recoveryCodes } }
  })
}

/** "Start over": the pending sign-in of the browser's challenge cookie ends; nothing to end is fine too. */
export async function cancelSecondStep(
  deps: SignInDeps,
  token: string | undefined,
  meta: RequestMeta,
): Promise<{ cancelled: boolean }> {
  return deps.db.transaction(async (tx) => {
    const challenge = await findChallenge(tx, token)
    if (!challenge) return { cancelled: false }
    await deleteChallenge(tx, challenge.id)
    await recordAuditAs(
      tx,
      meta,
      { agencyId: challenge.agencyId, actorUserId: challenge.userId },
      {
        action: 'auth.sign_in_cancelled',
        entity: { type: 'user', id: challenge.userId },
        details: { step: challenge.kind },
      },
    )
    return { cancelled: true }
  })
}
