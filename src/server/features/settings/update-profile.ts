import type { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import { type ProfileInputSchema, SETTINGS_TEXTS } from '#shared/contracts/settings.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { mailUserIfWanted } from '../notifications/mail-if-wanted.ts'
import * as repository from './settings.repository.ts'

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
 * A changed email alerts the OLD address through the security-alert preference: the alert is
 * queued before the row changes, so mailUserIfWanted still reads the old address.
 */
export async function updateProfile(db: Db, ctx: Ctx, input: ProfileInput) {
  const { agencyId, userId } = ctx.actor
  try {
    return await db.transaction(async (tx) => {
      const before = await repository.findProfile(tx, agencyId, userId, true)
      if (!before) throw new AppError('UNAUTHORIZED', { message: GENERIC_MESSAGES.unauthorized })
      const emailChanged = before.email.toLowerCase() !== input.email
      if (emailChanged && (await repository.emailTakenByOther(tx, input.email, userId))) throw emailTaken()
      if (emailChanged) {
        await mailUserIfWanted(tx, {
          agencyId,
          userId,
          kind: 'securityAlerts',
          subject: SETTINGS_TEXTS.emailChangedSubject,
          text: emailChangedText(input.email),
        })
      }
      const profile = await repository.updateProfile(tx, agencyId, userId, input)
      await recordAudit(tx, ctx, {
        agencyId,
        actorUserId: userId,
        action: 'settings.profile_updated',
        entityType: 'user',
        entityId: userId,
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
