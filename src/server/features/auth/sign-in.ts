import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { getDummyHash, verifyPassword } from '#server/platform/passwords.ts'
import { AUTH_MESSAGES, type CurrentUser, type LoginInput } from '#shared/contracts/auth.contract.ts'
import type { TwoFactorStep } from '#shared/contracts/auth-security.contract.ts'
import { listDemoAgencyIds } from '../agencies/agencies.service.ts'
import * as repository from './auth.repository.ts'
import { getCurrentUser, type ReadUsage } from './auth.service.ts'
import { findUserWithAgency } from './load-current-user.ts'
import { recogniseDevice } from './recognise-device.ts'
import { sendSecurityAlert } from './send-security-alert.ts'
import { createSession, type SessionPolicy } from './sessions.service.ts'
import { createChallenge, type SignInMethod } from './sign-in-challenges.service.ts'
import { assertNotLocked, recordSignInFailure } from './throttle-sign-in.ts'
import { generateTotpSecret } from './two-factor.service.ts'

export interface SignInDeps {
  db: Db
  policy: SessionPolicy
  cipher: FieldCipher
  readUsage: ReadUsage
}

export interface SignedIn {
  user: CurrentUser
  token: string
  expiresAt: Date
  /** The device cookie's token: the same one the browser sent, or a new one. */
  deviceToken: string
}

/** A first step's outcome: a session, or a challenge cookie for the second step. */
export type SignInResult =
  | { kind: 'session'; signedIn: SignedIn }
  | { kind: 'challenge'; step: TwoFactorStep; challenge: { token: string; expiresAt: Date } }

/**
 * Email and password. Unknown email and wrong password answer alike (and take alike long).
 * Five failures for one email within the window lock that email until the window passes.
 */
export async function login(
  deps: SignInDeps,
  input: LoginInput,
  meta: RequestMeta,
  deviceToken: string | undefined,
): Promise<SignInResult> {
  await assertNotLocked(deps.db, input.email, meta)
  const user = await repository.findUserByEmail(deps.db, input.email)
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()))
  if (!user || !valid || user.disabledAt) {
    await deps.db.transaction((tx) =>
      recordSignInFailure(tx, meta, {
        email: input.email,
        user,
        action: 'auth.login_failed',
        reason: !user ? 'unknown_email' : user.disabledAt ? 'disabled' : 'wrong_password',
      }),
    )
    throw new AppError('UNAUTHORIZED', { message: AUTH_MESSAGES.invalidCredentials })
  }
  return beginSignIn(deps, user, meta, 'password', deviceToken)
}

/** The demo agency's account, or null when the server runs without demo data. */
export async function demoLogin(
  deps: SignInDeps,
  meta: RequestMeta,
  deviceToken: string | undefined,
): Promise<SignInResult | null> {
  // The oldest demo user is the demo account.
  const user = await repository.findOldestUserOf(deps.db, await listDemoAgencyIds(deps.db))
  if (!user) return null
  return beginSignIn(deps, user, meta, 'demo', deviceToken)
}

/**
 * After the first step (password, Google, demo): a user with two-factor owes a code; a user of an
 * agency that requires two-factor owes enrolment (with a new secret kept sealed in the challenge);
 * anyone else is signed in now.
 */
export async function beginSignIn(
  deps: SignInDeps,
  user: repository.UserRow,
  meta: RequestMeta,
  method: SignInMethod,
  deviceToken: string | undefined,
): Promise<SignInResult> {
  if (user.disabledAt) throw new AppError('UNAUTHORIZED', { message: AUTH_MESSAGES.invalidCredentials })
  const row = await findUserWithAgency(deps.db, user.agencyId, user.id)
  const step: TwoFactorStep | null = user.totpEnabledAt
    ? 'verify'
    : row?.agency.requireTwoFactor
      ? 'enrol'
      : null
  if (!step) {
    const signedIn = await deps.db.transaction((tx) =>
      finishSignIn(tx, deps, user, meta, { method, deviceToken }),
    )
    return { kind: 'session', signedIn }
  }
  const challenge = await deps.db.transaction(async (tx) => {
    const created = await createChallenge(tx, {
      user,
      kind: step,
      method,
      pendingSecret: step === 'enrol' ? deps.cipher.encrypt(generateTotpSecret()) : undefined,
    })
    await recordAuditAs(
      tx,
      meta,
      { agencyId: user.agencyId, actorUserId: user.id },
      {
        action: 'auth.password_accepted',
        entity: { type: 'user', id: user.id },
        details: { method, next: step === 'verify' ? 'two_factor' : 'two_factor_enrolment' },
      },
    )
    return created
  })
  return { kind: 'challenge', step, challenge }
}

/** The last step of every sign-in: the session, the device check (and its alert), the audit event. */
export async function finishSignIn(
  tx: Executor,
  { policy, readUsage }: Pick<SignInDeps, 'policy' | 'readUsage'>,
  user: repository.UserRow,
  meta: RequestMeta,
  options: { method: SignInMethod; deviceToken: string | undefined; secondFactor?: string },
): Promise<SignedIn> {
  const session = await createSession(tx, policy, user, meta)
  const device = await recogniseDevice(tx, user, options.deviceToken, meta.userAgent)
  if (device.isNew) await sendSecurityAlert(tx, user, 'new_device', meta)
  await recordAuditAs(
    tx,
    meta,
    { agencyId: user.agencyId, actorUserId: user.id },
    {
      action: 'auth.login',
      entity: { type: 'user', id: user.id },
      details: {
        method: options.method,
        secondFactor: options.secondFactor ?? null,
        newDevice: device.isNew,
      },
    },
  )
  const current = await getCurrentUser(tx, { agencyId: user.agencyId, userId: user.id }, readUsage)
  return { user: current, ...session, deviceToken: device.deviceToken }
}
