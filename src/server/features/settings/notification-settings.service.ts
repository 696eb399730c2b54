import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { NotificationPreferences } from '#shared/contracts/settings.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import * as profiles from '../auth/profile.service.ts'

function gone(): AppError {
  return new AppError('UNAUTHORIZED', { message: GENERIC_MESSAGES.unauthorized })
}

/** The user's mail preferences; a new user has the spec's defaults (and ours for renewal reminders) from the column defaults (§9). */
export async function getNotificationPreferences(db: Db, ctx: Ctx): Promise<NotificationPreferences> {
  const row = await profiles.findPreferences(db, ctx.actor.agencyId, ctx.actor.userId)
  if (!row) throw gone()
  return row
}

/** Saves the preferences sent (one toggle at a time from the screen), audited with old and new values. */
export function updateNotificationPreferences(
  db: Db,
  ctx: Ctx,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const before = await profiles.findPreferences(tx, agencyId, userId)
    if (!before) throw gone()
    const after = await profiles.updatePreferences(tx, agencyId, userId, changes)
    const changed = Object.fromEntries(
      Object.entries(changes)
        .filter(
          ([kind, value]) => value !== undefined && before[kind as keyof NotificationPreferences] !== value,
        )
        .map(([kind, value]) => [kind, { from: before[kind as keyof NotificationPreferences], to: value }]),
    )
    await recordAudit(tx, ctx, {
      action: 'settings.notifications_updated',
      entity: { type: 'user', id: userId },
      details: { changed },
    })
    return after!
  })
}
