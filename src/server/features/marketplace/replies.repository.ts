import { and, asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { ListPosition } from './list-cursor.service.ts'
import type { CardNames } from './marketplace.repository.ts'
import { marketplaceItems, marketplaceReplies } from './marketplace.table.ts'

const replies = marketplaceReplies

export type ReplyRow = typeof replies.$inferSelect

/** What names a reply's author and agency: their features' query fragments (decision 025). */
export type ReplyNames = Pick<CardNames, 'authors' | 'agencies'>

/**
 * Replies with their authors' and agencies' names, and their creation time to the microsecond, as
 * a page's end must compare. A reply whose author or agency is gone is left out by the joins.
 */
function selectReplies(executor: Executor, { authors, agencies }: ReplyNames) {
  return executor
    .select({
      reply: replies,
      authorFirstName: authors.firstName,
      authorLastName: authors.lastName,
      agencyName: agencies.name,
      preciseCreatedAt: sql<string>`to_char(${replies.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(replies)
    .innerJoin(authors, eq(authors.id, replies.authorUserId))
    .innerJoin(agencies, eq(agencies.id, replies.agencyId))
}

export type ReplyCardRow = Awaited<ReturnType<typeof findReplies>>[number]

/** A post's replies, oldest first, one more than asked. */
export function findReplies(
  executor: Executor,
  postId: string,
  limit: number,
  after: ListPosition | undefined,
  names: ReplyNames,
) {
  return selectReplies(executor, names)
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

/** One reply as the thread shows it. */
export async function findReplyCard(executor: Executor, id: string, names: ReplyNames) {
  const [row] = await selectReplies(executor, names).where(eq(replies.id, id))
  return row
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
