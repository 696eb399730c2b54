import type { Db } from '#server/db/connect.ts'
import { invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { hashPassword, verifyPassword } from '#server/platform/passwords.ts'
import { type ChangePasswordInput, SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import * as repository from './auth.repository.ts'
import { assertNotDemoAgency, loadCurrentUser } from './load-current-user.ts'
import { sendSecurityAlert } from './send-security-alert.ts'
import { endOtherSessionsOfUser } from './sessions.repository.ts'
import { deleteChallengesOfUser } from './sign-in-challenges.repository.ts'
import { assertNotLocked, refuseSettingsGuess } from './throttle-sign-in.ts'

/**
 * Needs the current password. The new one ends every other session of the user (a thief's
 * session among them) and any sign-in still waiting for its code, and keeps the session that made
 * the change; the user gets a security alert.
 */
export async function changePassword(
  db: Db,
  ctx: Ctx,
  input: ChangePasswordInput,
): Promise<{ sessionsEnded: number }> {
  const { actor } = ctx
  const { user, agency } = await loadCurrentUser(db, actor)
  assertNotDemoAgency(agency)
  await assertNotLocked(db, user.email, ctx)
  const valid = user.passwordHash ? await verifyPassword(input.currentPassword, user.passwordHash) : false
  if (!valid) {
    await refuseSettingsGuess(
      db,
      ctx,
      user,
      { action: 'auth.password_change_refused', reason: 'wrong_current_password', during: 'change_password' },
      invalidField('currentPassword', SECURITY_MESSAGES.currentPasswordWrong),
    )
  }
  const passwordHash = await hashPassword(input.newPassword)
  return db.transaction(async (tx) => {
    await repository.setPasswordHash(tx, actor.agencyId, actor.userId, passwordHash)
    const ended = await endOtherSessionsOfUser(tx, actor)
    await deleteChallengesOfUser(tx, user)
    await sendSecurityAlert(tx, user, 'password_changed', ctx)
    await recordAudit(tx, ctx, {
      action: 'auth.password_changed',
      entity: { type: 'user', id: actor.userId },
      details: { sessionsEnded: ended },
    })
    return { sessionsEnded: ended }
  })
}
