import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { MarketplaceSort, PracticeCategory } from '#shared/contracts/marketplace.contract.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import type { ListPosition } from './list-cursor.service.ts'
import { marketplaceItemCarriers, marketplaceItems } from './marketplace.table.ts'

const items = marketplaceItems
const byCarrier = marketplaceItemCarriers
/** The generated search vector: hand-written in the migration, so drizzle does not know it. */
export const searchVector = sql.raw('"marketplace_items"."search"')

export interface ListFilter {
  kind: ItemKind
  sort: MarketplaceSort
  limit: number
  carrierId?: string
  category?: PracticeCategory
  /** A to_tsquery string (search-query.service.ts). */
  tsQuery?: string
  after?: ListPosition
}

/**
 * Rows a search first walks in list order looking for its page: a word in one row of fifty fills
 * a page of twenty from here; rarer words go to the search index, which then finds few rows.
 */
export const SEARCH_WALK = 1000

/**
 * The sort's value beside created_at and id: Wilson score, search rank, or none (newest). With a
 * carrier, the score is its index's copy.
 */
export function sortValue(filter: Pick<ListFilter, 'sort' | 'tsQuery' | 'carrierId'>): SQL | null {
  if (filter.sort === 'best') return filter.carrierId ? sql`${byCarrier.score}` : sql`${items.score}`
  if (filter.sort === 'relevance' && filter.tsQuery)
    return sql`ts_rank(${searchVector}, to_tsquery('english', ${filter.tsQuery}))`
  return null
}

const matches = (tsQuery: string) => sql`${searchVector} @@ to_tsquery('english', ${tsQuery})`

/**
 * The page's ids in list order, one more than asked. Newest first with a carrier walks that
 * carrier's own index (marketplace_item_carriers); otherwise the kind's newest or best index. A
 * search first walks SEARCH_WALK rows in order and keeps the matches; only when they do not fill
 * the page does it ask the search index (decision 019).
 */
export async function findPageIds(executor: Executor, filter: ListFilter): Promise<string[]> {
  if (filter.tsQuery && filter.sort !== 'relevance') {
    const walked = await walkForMatches(executor, filter, filter.tsQuery)
    if (walked.length > filter.limit) return walked
  }
  const rows = await pageQuery(executor, filter, filter.tsQuery ? matches(filter.tsQuery) : undefined).limit(
    filter.limit + 1,
  )
  return rows.map((row) => row.id)
}

async function walkForMatches(executor: Executor, filter: ListFilter, tsQuery: string): Promise<string[]> {
  const walk = pageQuery(executor, filter, undefined, sql<boolean>`${matches(tsQuery)}`)
    .limit(SEARCH_WALK)
    .as('walk')
  const rows = await executor
    .select({ id: walk.id })
    .from(walk)
    .where(eq(walk.hit, true))
    .orderBy(...(filter.sort === 'best' ? [desc(walk.score)] : []), desc(walk.createdAt), desc(walk.id))
    .limit(filter.limit + 1)
  return rows.map((row) => row.id)
}

/** The list's rows in order from the right index, with `extra` as a further condition. */
function pageQuery(
  executor: Executor,
  filter: ListFilter,
  extra?: SQL,
  hit: SQL<boolean> = sql<boolean>`true`,
) {
  // With a carrier, its index supplies kind, creation time, score and id (copied from the item).
  const carrier = filter.carrierId
  const createdAt = carrier ? byCarrier.createdAt : items.createdAt
  const id = carrier ? byCarrier.itemId : items.id
  const value = sortValue(filter)
  const conditions: (SQL | undefined)[] = [
    carrier
      ? and(eq(byCarrier.carrierId, carrier), eq(byCarrier.kind, filter.kind))
      : eq(items.kind, filter.kind),
    eq(items.status, 'visible'),
    filter.category ? eq(items.category, filter.category) : undefined,
    extra,
  ]
  const after = filter.after
  if (after) {
    const at = sql`${after.at}::timestamptz`
    const cast = sql.raw(filter.sort === 'best' ? 'float8' : 'real')
    conditions.push(
      value && after.value !== null
        ? sql`(${value}, ${createdAt}, ${id}) < (${after.value}::${cast}, ${at}, ${after.id}::uuid)`
        : sql`(${createdAt}, ${id}) < (${at}, ${after.id}::uuid)`,
    )
  }
  const columns = { id, createdAt, score: carrier ? byCarrier.score : items.score, hit: hit.as('hit') }
  const query = executor.select(columns).from(items).$dynamic()
  return (carrier ? query.innerJoin(byCarrier, eq(byCarrier.itemId, items.id)) : query)
    .where(and(...conditions))
    .orderBy(...(value ? [desc(value)] : []), desc(createdAt), desc(id))
}

/** Copies an item's carriers into the carrier index, its kind, creation time and score as stored. */
export async function writeItemCarriers(executor: Executor, itemId: string): Promise<void> {
  await executor.delete(byCarrier).where(eq(byCarrier.itemId, itemId))
  await executor.execute(sql`
    insert into ${byCarrier} (item_id, carrier_id, kind, created_at, score)
    select distinct id, unnest(carrier_ids), kind, created_at, score from ${items} where id = ${itemId}::uuid`)
}
