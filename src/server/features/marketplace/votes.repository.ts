import { and, eq, ne, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { marketplaceItems, marketplaceViews, marketplaceVotes } from './marketplace.table.ts'

export interface VoteKey {
  itemId: string
  userId: string
}

/** A first vote; false when the user already has one (the key refused it, whatever raced it). */
export async function insertVote(executor: Executor, key: VoteKey & { agencyId: string; up: boolean }) {
  const inserted = await executor
    .insert(marketplaceVotes)
    .values(key)
    .onConflictDoNothing()
    .returning({ up: marketplaceVotes.up })
  return inserted.length > 0
}

/** Turns the user's vote to `up`; false when it already was (voting the same way twice changes nothing). */
export async function changeVote(executor: Executor, key: VoteKey, up: boolean) {
  const changed = await executor
    .update(marketplaceVotes)
    .set({ up, updatedAt: new Date() })
    .where(
      and(
        eq(marketplaceVotes.itemId, key.itemId),
        eq(marketplaceVotes.userId, key.userId),
        ne(marketplaceVotes.up, up),
      ),
    )
    .returning({ up: marketplaceVotes.up })
  return changed.length > 0
}

/** Withdraws the user's vote; answers which way it went, or undefined when there was none. */
export async function deleteVote(executor: Executor, key: VoteKey): Promise<boolean | undefined> {
  const [removed] = await executor
    .delete(marketplaceVotes)
    .where(and(eq(marketplaceVotes.itemId, key.itemId), eq(marketplaceVotes.userId, key.userId)))
    .returning({ up: marketplaceVotes.up })
  return removed?.up
}

/** The counts and their score, written together (the item row is locked by the caller). */
export async function setVoteCounts(
  executor: Executor,
  itemId: string,
  counts: { upVotes: number; downVotes: number; score: number },
) {
  await executor.update(marketplaceItems).set(counts).where(eq(marketplaceItems.id, itemId))
}

/** Counts a reader once; answers the item's view count. */
export async function recordView(executor: Executor, key: VoteKey): Promise<number> {
  const inserted = await executor.insert(marketplaceViews).values(key).onConflictDoNothing().returning()
  const [row] = await executor
    .update(marketplaceItems)
    .set({ views: sql`${marketplaceItems.views} + ${inserted.length}` })
    .where(eq(marketplaceItems.id, key.itemId))
    .returning({ views: marketplaceItems.views })
  return row?.views ?? 0
}
