import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { marketplaceItems, marketplaceViews, marketplaceVotes } from './marketplace.table.ts'

export interface VoteKey {
  itemId: string
  userId: string
}

/**
 * Sets the user's vote in one statement, the (item, user) key deciding: 'inserted' (a first vote),
 * 'changed' (it was the other way) or 'same' (already so: nothing written). Two identical votes
 * sent at once meet at the key; the second finds nothing to change.
 */
export async function upsertVote(
  executor: Executor,
  vote: VoteKey & { agencyId: string; up: boolean },
): Promise<'inserted' | 'changed' | 'same'> {
  const result = await executor.execute(sql`
    insert into ${marketplaceVotes} (item_id, user_id, agency_id, up)
    values (${vote.itemId}::uuid, ${vote.userId}::uuid, ${vote.agencyId}::uuid, ${vote.up})
    on conflict (item_id, user_id) do update set up = excluded.up, updated_at = now()
      where ${marketplaceVotes.up} <> excluded.up
    returning (xmax = 0) as inserted`)
  const [row] = (result as unknown as { rows: { inserted: boolean }[] }).rows
  return row === undefined ? 'same' : row.inserted ? 'inserted' : 'changed'
}

/** Withdraws the user's vote; answers which way it went, or undefined when there was none. */
export async function deleteVote(executor: Executor, key: VoteKey): Promise<boolean | undefined> {
  const [removed] = await executor
    .delete(marketplaceVotes)
    .where(and(eq(marketplaceVotes.itemId, key.itemId), eq(marketplaceVotes.userId, key.userId)))
    .returning({ up: marketplaceVotes.up })
  return removed?.up
}

type Counts = { upVotes: number; downVotes: number }

/**
 * Moves a visible item's counts by the vote's change and its score with them (marketplace_wilson,
 * the database's copy of src/shared/domain/wilson-score.ts), in one statement that locks the row
 * so concurrent votes add up. Undefined when no visible item of the kind has that id.
 */
export async function moveVoteCounts(
  executor: Executor,
  item: { id: string; kind: ItemKind },
  delta: { up: number; down: number },
): Promise<Counts | undefined> {
  const up = sql`${marketplaceItems.upVotes} + ${delta.up}::int`
  const down = sql`${marketplaceItems.downVotes} + ${delta.down}::int`
  const [row] = await executor
    .update(marketplaceItems)
    .set({ upVotes: up, downVotes: down, score: sql`marketplace_wilson(${up}, ${up} + ${down})` })
    .where(visible(item))
    .returning({ upVotes: marketplaceItems.upVotes, downVotes: marketplaceItems.downVotes })
  return row
}

/** A visible item's counts as they stand (a vote that changed nothing). */
export async function readVoteCounts(executor: Executor, item: { id: string; kind: ItemKind }) {
  const [row] = await executor
    .select({ upVotes: marketplaceItems.upVotes, downVotes: marketplaceItems.downVotes })
    .from(marketplaceItems)
    .where(visible(item))
  return row as Counts | undefined
}

const visible = (item: { id: string; kind: ItemKind }) =>
  and(
    eq(marketplaceItems.id, item.id),
    eq(marketplaceItems.kind, item.kind),
    eq(marketplaceItems.status, 'visible'),
  )

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
