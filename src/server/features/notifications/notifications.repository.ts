import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { type NotificationAttachment, notifications } from './notifications.table.ts'

export type NotificationRow = typeof notifications.$inferSelect

export interface NewNotification {
  agencyId: string
  userId: string
  title: string
  message: string
  type: string
  priority: 'urgent' | 'high' | 'normal' | 'low'
  attachments?: NotificationAttachment[]
}

const mine = (agencyId: string, userId: string) =>
  and(eq(notifications.agencyId, agencyId), eq(notifications.userId, userId))

export async function insertNotification(
  executor: Executor,
  input: NewNotification,
): Promise<NotificationRow> {
  const [row] = await executor
    .insert(notifications)
    .values({ ...input, attachments: input.attachments ?? [] })
    .returning()
  return row!
}

export function findNotifications(executor: Executor, agencyId: string, userId: string, limit: number) {
  return executor
    .select()
    .from(notifications)
    .where(mine(agencyId, userId))
    .orderBy(desc(notifications.deliveredAt), desc(notifications.id))
    .limit(limit)
}

export async function countUnread(executor: Executor, agencyId: string, userId: string): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(notifications)
    .where(and(mine(agencyId, userId), eq(notifications.isRead, false)))
  return row?.value ?? 0
}

export async function markRead(
  executor: Executor,
  agencyId: string,
  userId: string,
  id: string,
): Promise<NotificationRow | undefined> {
  const [row] = await executor
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(mine(agencyId, userId), eq(notifications.id, id)))
    .returning()
  return row
}

export async function markAllRead(executor: Executor, agencyId: string, userId: string): Promise<number> {
  const rows = await executor
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(mine(agencyId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id })
  return rows.length
}

/** Many notifications in one insert (a daily job's reminders), in the caller's transaction. */
export async function insertNotifications(executor: Executor, inputs: NewNotification[]): Promise<void> {
  for (let at = 0; at < inputs.length; at += 1000) {
    await executor
      .insert(notifications)
      .values(
        inputs.slice(at, at + 1000).map((input) => ({ ...input, attachments: input.attachments ?? [] })),
      )
  }
}
