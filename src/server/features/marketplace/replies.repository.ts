import { and, asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { ListPosition } from './list-cursor.service.ts'
import { marketplaceItems, marketplaceReplies } from './marketplace.table.ts'

const replies = marketplaceReplies

export type ReplyRow = typeof replies.$inferSelect

/** Replies with their creation time to the microsecond, as a page's end must compare. */
function selectReplies(executor: Executor) {
  return executor
    .select({
      reply: replies,
      preciseCreatedAt: sql<string>`to_char(${replies.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(replies)
}

/** A post's replies, oldest first, one more than asked. */
export function findReplies(executor: Executor, postId: string, limit: number, after?: ListPosition) {
  return selectReplies(executor)
    .where(
      and(
        eq(replies.postId, postId),
        after
          ? sql`(${replies.createdAt}, ${replies.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(replies.createdAt), asc(replies.id))
    .limit(limit + 1)
}

export async function findReply(executor: Executor, id: string): Promise<ReplyRow | undefined> {
  const [row] = await executor.select().from(replies).where(eq(replies.id, id))
  return row
}

export async function insertReply(executor: Executor, row: typeof replies.$inferInsert): Promise<ReplyRow> {
  const [created] = await executor.insert(replies).values(row).returning()
  await changeReplyCount(executor, row.postId, 1)
  return created!
}

export async function deleteReply(executor: Executor, reply: Pick<ReplyRow, 'id' | 'postId'>): Promise<void> {
  const removed = await executor.delete(replies).where(eq(replies.id, reply.id)).returning({ id: replies.id })
  if (removed.length > 0) await changeReplyCount(executor, reply.postId, -1)
}

async function changeReplyCount(executor: Executor, postId: string, by: number) {
  await executor
    .update(marketplaceItems)
    .set({ replyCount: sql`greatest(0, ${marketplaceItems.replyCount} + ${by})` })
    .where(eq(marketplaceItems.id, postId))
}
