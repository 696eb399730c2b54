import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { PagePosition } from '#server/platform/cursor.ts'
import { contactMessages, contactReplies } from './contact.table.ts'

export type ContactMessageRow = typeof contactMessages.$inferSelect
export type NewContactMessageRow = typeof contactMessages.$inferInsert

export async function insertContactMessage(executor: Executor, row: NewContactMessageRow) {
  const [created] = await executor.insert(contactMessages).values(row).returning()
  return created!
}

/** Messages in the last `since` from one address or one email (case-insensitively). */
export async function countRecentMessages(
  executor: Executor,
  from: { ipAddress: string | null; email: string },
  since: Date,
): Promise<{ fromAddress: number; fromEmail: number }> {
  const [row] = await executor
    .select({
      fromAddress: from.ipAddress
        ? sql<number>`count(*) filter (where ${contactMessages.ipAddress} = ${from.ipAddress})`.mapWith(
            Number,
          )
        : sql<number>`0`.mapWith(Number),
      fromEmail:
        sql<number>`count(*) filter (where lower(${contactMessages.email}) = ${from.email.toLowerCase()})`.mapWith(
          Number,
        ),
    })
    .from(contactMessages)
    .where(
      and(
        gt(contactMessages.createdAt, since),
        from.ipAddress
          ? or(
              eq(contactMessages.ipAddress, from.ipAddress),
              sql`lower(${contactMessages.email}) = ${from.email.toLowerCase()}`,
            )
          : sql`lower(${contactMessages.email}) = ${from.email.toLowerCase()}`,
      ),
    )
  return row ?? { fromAddress: 0, fromEmail: 0 }
}

/** The inbox, newest first, one page after `after`. */
export function findMessages(
  executor: Executor,
  filter: { status?: string; limit: number; after?: PagePosition },
) {
  const { after } = filter
  return executor
    .select()
    .from(contactMessages)
    .where(
      and(
        filter.status ? eq(contactMessages.status, filter.status) : undefined,
        after
          ? or(
              lt(contactMessages.createdAt, after.createdAt),
              and(eq(contactMessages.createdAt, after.createdAt), lt(contactMessages.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(filter.limit)
}

export async function findMessage(executor: Executor, id: string) {
  const [row] = await executor.select().from(contactMessages).where(eq(contactMessages.id, id))
  return row
}

export function findReplies(executor: Executor, messageId: string) {
  return executor
    .select()
    .from(contactReplies)
    .where(eq(contactReplies.messageId, messageId))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id))
}

export async function insertReply(executor: Executor, row: typeof contactReplies.$inferInsert) {
  const [created] = await executor.insert(contactReplies).values(row).returning()
  return created!
}

export async function setMessageStatus(executor: Executor, id: string, status: string) {
  await executor
    .update(contactMessages)
    .set({ status, updatedAt: new Date() })
    .where(eq(contactMessages.id, id))
}
