import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { Notification } from '#shared/contracts/notifications.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import * as repository from './notifications.repository.ts'

export type { NewNotification } from './notifications.repository.ts'

// Features tell users through notifyUser; notifications import no other feature (auth, billing and
// the rest depend on them, one way), so a user's mail preferences are auth's (auth/mail-if-wanted.ts).

function toNotification(row: repository.NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    priority: row.priority as Notification['priority'],
    isRead: row.isRead,
    deliveredAt: row.deliveredAt.toISOString(),
    attachments: row.attachments,
  }
}

/** For other features: deliver a notification to one user, inside the caller's transaction. */
export async function notifyUser(executor: Executor, input: repository.NewNotification): Promise<void> {
  await repository.insertNotification(executor, input)
}

/** For other features: many notifications at once (a daily job's reminders), in the caller's transaction. */
export async function notifyUsers(executor: Executor, inputs: repository.NewNotification[]): Promise<void> {
  await repository.insertNotifications(executor, inputs)
}

export async function listNotifications(db: Db, { actor }: Ctx, limit: number): Promise<Notification[]> {
  const rows = await repository.findNotifications(db, actor.agencyId, actor.userId, limit)
  return rows.map(toNotification)
}

export function getUnreadCount(db: Db, { actor }: Ctx): Promise<number> {
  return repository.countUnread(db, actor.agencyId, actor.userId)
}

/** Another user's or agency's notification answers 404, exactly like a missing one. */
export function markNotificationRead(db: Db, ctx: Ctx, id: string): Promise<Notification> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const row = await repository.markRead(tx, actor.agencyId, actor.userId, id)
    if (!row) throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
    await recordAudit(tx, ctx, { action: 'notification.read', entity: { type: 'notification', id: id } })
    return toNotification(row)
  })
}

export function markAllNotificationsRead(db: Db, ctx: Ctx): Promise<number> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const updated = await repository.markAllRead(tx, actor.agencyId, actor.userId)
    await recordAudit(tx, ctx, { action: 'notification.read_all', details: { updated } })
    return updated
  })
}
