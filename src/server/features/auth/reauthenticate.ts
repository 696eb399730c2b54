import type { Db } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { verifyPassword } from '#server/platform/passwords.ts'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { sessionStartedWithin } from './sessions.repository.ts'
import { assertNotLocked, type FailureAction, refuseSettingsGuess } from './throttle-sign-in.ts'

/** How long a sign-in stands in for the password an account without one (Google only) cannot type. */
export const FRESH_SIGN_IN_MINUTES = 10

/** The changes that take over an account, and so need more than its session (decision 012). */
export type Reauthentication =
  | 'two_factor_enrolment'
  | 'recovery_codes'
  | 'disable_two_factor'
  | 'email_change'

interface Proof {
  password: string | undefined
  /** The body field the password came in, for the field message. */
  field: 'currentPassword' | 'password'
  /** What a wrong password is audited as; `auth.reauthentication_failed` unless the call had its own. */
  failure?: FailureAction
}

/**
 * Proves that the person at the keyboard owns the account, not just its session (a session stolen
 * from an unlocked computer or a leaked cookie). An account with a password must give it: missing
 * is a 400 on the field, wrong counts as a failed sign-in (five lock the email) and is a 400. An
 * account without one (Google sign-in only) must have signed in within the last ten minutes; else
 * 403 asking to sign in again. Throws when not proved.
 */
export async function reauthenticate(
  db: Db,
  ctx: Ctx,
  user: { id: string; agencyId: string; email: string; passwordHash: string | null },
  during: Reauthentication,
  proof: Proof,
): Promise<void> {
  if (!user.passwordHash) {
    if (await sessionStartedWithin(db, ctx.actor, FRESH_SIGN_IN_MINUTES)) return
    throw new AppError('FORBIDDEN', { message: SECURITY_MESSAGES.signInAgainFirst })
  }
  if (!proof.password) throw invalidField(proof.field, SECURITY_MESSAGES.currentPasswordRequired)
  await assertNotLocked(db, user.email, ctx)
  if (await verifyPassword(proof.password, user.passwordHash)) return
  await refuseSettingsGuess(
    db,
    ctx,
    user,
    { action: proof.failure ?? 'auth.reauthentication_failed', reason: 'wrong_password', during },
    invalidField(proof.field, SECURITY_MESSAGES.currentPasswordWrong),
  )
}
