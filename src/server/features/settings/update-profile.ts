import type { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { type ProfileInputSchema, SETTINGS_TEXTS } from '#shared/contracts/settings.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { assertNotDemoAgency, loadCurrentUser } from '../auth/load-current-user.ts'
import { mailUserIfWanted } from '../auth/mail-if-wanted.ts'
import * as profiles from '../auth/profile.service.ts'
import { reauthenticate } from '../auth/reauthenticate.ts'

type ProfileInput = z.output<typeof ProfileInputSchema>

function emailTaken(): AppError {
  return new AppError('CONFLICT', {
    message: SETTINGS_TEXTS.emailTaken,
    fieldErrors: [{ path: 'email', message: SETTINGS_TEXTS.emailTaken }],
  })
}

function emailChangedText(newEmail: string): string {
  return [
    `The email address of your account was changed to ${newEmail}.`,
    'From now on you sign in with the new address, and mail goes there.',
    'If you did not make this change, reply to this message or contact your agency admin at once:',
    'someone may have access to your account.',
  ].join('\n')
}

/**
 * Settings › Profile. The email is stored lower-cased and stays unique across the platform
 * (sign-in is by email), checked before the write and again by the unique index on lower(email).
 * Changing it needs the current password (reauthenticate, decision 012): with the email, whoever
 * holds a session could take the account over through a password reset. Names need none. A
 * changed email alerts the OLD address through the security-alert preference: the alert is
 * queued before the row changes, so mailUserIfWanted still reads the old address.
 */
export async function updateProfile(db: Db, ctx: Ctx, input: ProfileInput) {
  const { agencyId, userId } = ctx.actor
  const { user, agency } = await loadCurrentUser(db, ctx.actor)
  const reauthenticated = user.email.toLowerCase() !== input.email
  if (reauthenticated) {
    // The public demo account's sign-in email is one of its fixed sign-in settings (decision 012).
    assertNotDemoAgency(agency)
    await reauthenticate(db, ctx, user, 'email_change', {
      password: input.currentPassword,
      field: 'currentPassword',
    })
  }
  const values = { firstName: input.firstName, lastName: input.lastName, email: input.email }
  try {
    return await db.transaction(async (tx) => {
      const before = await profiles.findProfile(tx, agencyId, userId, true)
      if (!before) throw new AppError('UNAUTHORIZED', { message: GENERIC_MESSAGES.unauthorized })
      const emailChanged = before.email.toLowerCase() !== input.email
      // The email changed again since the check above: ask again rather than change it unproved.
      if (emailChanged && !reauthenticated) {
        throw invalidField('currentPassword', SECURITY_MESSAGES.currentPasswordRequired)
      }
      if (emailChanged && (await profiles.emailTakenByOther(tx, input.email, userId))) throw emailTaken()
      if (emailChanged) {
        await mailUserIfWanted(tx, {
          agencyId,
          userId,
          kind: 'securityAlerts',
          subject: SETTINGS_TEXTS.emailChangedSubject,
          text: emailChangedText(input.email),
        })
      }
      const profile = await profiles.updateProfile(tx, agencyId, userId, values)
      await recordAudit(tx, ctx, {
        action: 'settings.profile_updated',
        entity: { type: 'user', id: userId },
        details: {
          changed: (['firstName', 'lastName', 'email'] as const).filter((key) => before[key] !== input[key]),
          ...(emailChanged ? { oldEmail: before.email, newEmail: input.email } : {}),
        },
      })
      return { profile: profile! }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}
