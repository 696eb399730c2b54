import { eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import {
  marketplaceItemCarriers,
  marketplaceItems,
  marketplaceViews,
  marketplaceVotes,
} from './marketplace.table.ts'

export interface VoteKey {
  itemId: string
  userId: string
}

export interface CastVote extends VoteKey {
  agencyId: string
  kind: ItemKind
  /** true up (helpful), false down, null withdraws. */
  up: boolean | null
}

export interface VoteOutcome {
  /** Whether the vote changed anything (a first vote, the other way, a withdrawal). */
  changed: boolean
  upVotes: number
  downVotes: number
}

/**
 * The vote's change to the vote table, as rows (du, dd) of count deltas: none when nothing changed.
 * The (item, user) key decides, not a read: a first vote inserts; a vote the other way updates; the
 * same vote again, even two sent at once, finds nothing to update.
 */
function voteChange(vote: CastVote) {
  const key = sql`item_id = ${vote.itemId}::uuid and user_id = ${vote.userId}::uuid`
  if (vote.up === null)
    return sql`
      with removed as (delete from ${marketplaceVotes} where ${key} returning up),
      change as (select case when up then -1 else 0 end as du, case when up then 0 else -1 end as dd from removed)`
  return sql`
    with cast_vote as (
      insert into ${marketplaceVotes} (item_id, user_id, agency_id, up)
      values (${vote.itemId}::uuid, ${vote.userId}::uuid, ${vote.agencyId}::uuid, ${vote.up})
      on conflict (item_id, user_id) do update set up = excluded.up, updated_at = now()
        where ${marketplaceVotes}.up <> excluded.up
      returning (xmax = 0) as inserted),
    change as (
      select case when ${vote.up}::boolean then 1 when inserted then 0 else -1 end as du,
             case when not ${vote.up}::boolean then 1 when inserted then 0 else -1 end as dd
      from cast_vote)`
}

/**
 * Casts a vote in one statement: the vote row, then the visible item's counts and their Wilson
 * score (marketplace_wilson, the database's copy of src/shared/domain/wilson-score.ts) with its
 * carrier index's copy of the score. The item's row is locked by the update, so concurrent votes
 * add up. Undefined when no visible item of the kind has that id (the caller rolls back).
 *
 * The transaction commits without waiting for its WAL to reach the disk (synchronous_commit off,
 * for this transaction only): a crash may lose the last moments' votes, each whole with its audit
 * event, never half of one; waiting for the flush cost a vote more than all its statements did.
 */
export async function castVote(executor: Executor, vote: CastVote): Promise<VoteOutcome | undefined> {
  const visible = sql`i.id = ${vote.itemId}::uuid and i.kind = ${vote.kind} and i.status = 'visible'`
  const result = await executor.execute(sql`
    ${voteChange(vote)},
    moved as (
      update ${marketplaceItems} i set up_votes = i.up_votes + c.du, down_votes = i.down_votes + c.dd,
        score = marketplace_wilson(i.up_votes + c.du, i.up_votes + c.du + i.down_votes + c.dd)
      from change c where ${visible}
      returning i.id, i.up_votes, i.down_votes, i.score),
    copied as (
      update ${marketplaceItemCarriers} k set score = m.score from moved m where k.item_id = m.id),
    relaxed as (select set_config('synchronous_commit', 'off', true))
    select true as changed, up_votes as "upVotes", down_votes as "downVotes" from moved, relaxed
    union all
    select false, i.up_votes, i.down_votes from ${marketplaceItems} i, relaxed
    where ${visible} and not exists (select 1 from change)`)
  return (result as unknown as { rows: VoteOutcome[] }).rows[0]
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
