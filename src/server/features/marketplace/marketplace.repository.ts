import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import { toArrayLiteral } from '#server/db/array-literal.ts'
import type { Executor } from '#server/db/connect.ts'
import type { MarketplaceSort, PracticeCategory } from '#shared/contracts/marketplace.contract.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'
import type { ListPosition } from './list-cursor.ts'
import { marketplaceCarrierTurnaround, marketplaceItems, marketplaceVotes } from './marketplace.table.ts'

export type ItemRow = typeof marketplaceItems.$inferSelect
export type NewItemRow = typeof marketplaceItems.$inferInsert

const items = marketplaceItems
/** The generated search vector: hand-written in the migration, so drizzle does not know it. */
const searchVector = sql.raw('"marketplace_items"."search"')

export interface ListFilter {
  kind: ItemKind
  sort: MarketplaceSort
  limit: number
  carrierId?: string
  category?: PracticeCategory
  /** A to_tsquery string (search-query.ts). */
  tsQuery?: string
  after?: ListPosition
}

/** The sort's value beside created_at and id: Wilson score, search rank, or none (newest). */
function sortValue(filter: Pick<ListFilter, 'sort' | 'tsQuery'>): SQL | null {
  if (filter.sort === 'best') return sql`${items.score}`
  if (filter.sort === 'relevance' && filter.tsQuery)
    return sql`ts_rank(${searchVector}, to_tsquery('english', ${filter.tsQuery}))`
  return null
}

function pageConditions(filter: ListFilter): SQL[] {
  const conditions = [eq(items.kind, filter.kind), eq(items.status, 'visible')]
  if (filter.carrierId)
    conditions.push(sql`${items.carrierIds} @> ${toArrayLiteral([filter.carrierId])}::uuid[]`)
  if (filter.category) conditions.push(eq(items.category, filter.category))
  if (filter.tsQuery) conditions.push(sql`${searchVector} @@ to_tsquery('english', ${filter.tsQuery})`)
  const value = sortValue(filter)
  const after = filter.after
  if (after) {
    const at = sql`${after.at}::timestamptz`
    conditions.push(
      value && after.value !== null
        ? sql`(${value}, ${items.createdAt}, ${items.id}) < (${after.value}::${sql.raw(filter.sort === 'best' ? 'float8' : 'real')}, ${at}, ${after.id}::uuid)`
        : sql`(${items.createdAt}, ${items.id}) < (${at}, ${after.id}::uuid)`,
    )
  }
  return conditions
}

function order(filter: ListFilter) {
  const value = sortValue(filter)
  return [...(value ? [desc(value)] : []), desc(items.createdAt), desc(items.id)]
}

/** Microseconds, as written: a page's end must compare exactly with the next page's rows. */
const preciseCreatedAt = sql<string>`to_char(${items.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/**
 * What a card shows besides the item: the author's name and agency, the carriers' names in the
 * item's order, the first carrier's measured turnaround, and the viewer's own vote.
 */
function selectCards(executor: Executor, viewerId: string, value: SQL | null) {
  return executor
    .select({
      item: items,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      agencyName: agencies.name,
      carrierNames: sql<string[]>`array(
        select c.name from carriers c join unnest(${items.carrierIds}) with ordinality k(id, n) on c.id = k.id
        order by k.n)`,
      turnaroundDays: marketplaceCarrierTurnaround.medianDays,
      myVote: marketplaceVotes.up,
      sortValue: value ? sql<number>`${value}`.mapWith(Number) : sql<null>`null`,
      preciseCreatedAt,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.authorUserId))
    .innerJoin(agencies, eq(agencies.id, items.agencyId))
    .leftJoin(
      marketplaceCarrierTurnaround,
      sql`${marketplaceCarrierTurnaround.carrierId} = ${items.carrierIds}[1]`,
    )
    .leftJoin(
      marketplaceVotes,
      and(eq(marketplaceVotes.itemId, items.id), eq(marketplaceVotes.userId, viewerId)),
    )
}

export type CardRow = Awaited<ReturnType<typeof findCards>>[number]

/**
 * One page of a list, one row more than asked (so the caller knows whether another page
 * follows). The page's ids come from the indexes first; names are joined to those rows only.
 */
export function findCards(executor: Executor, viewerId: string, filter: ListFilter) {
  const page = executor
    .select({ id: items.id })
    .from(items)
    .where(and(...pageConditions(filter)))
    .orderBy(...order(filter))
    .limit(filter.limit + 1)
    .as('page')
  return selectCards(executor, viewerId, sortValue(filter))
    .innerJoin(page, eq(page.id, items.id))
    .orderBy(...order(filter))
}

/** One item as its card shows it, whatever its status (the caller decides who may see it). */
export async function findCard(executor: Executor, viewerId: string, id: string) {
  const [row] = await selectCards(executor, viewerId, null).where(eq(items.id, id))
  return row
}

/** The item, locked for the caller's transaction when asked. */
export async function findItem(executor: Executor, id: string, options: { forUpdate?: boolean } = {}) {
  const query = executor.select().from(items).where(eq(items.id, id))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

export async function insertItem(executor: Executor, row: NewItemRow): Promise<ItemRow> {
  const [created] = await executor.insert(items).values(row).returning()
  return created!
}

export async function updateItem(executor: Executor, id: string, values: Partial<NewItemRow>) {
  await executor
    .update(items)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(items.id, id))
}

export async function deleteItem(executor: Executor, id: string): Promise<void> {
  await executor.delete(items).where(eq(items.id, id))
}

/**
 * Serialises one user's posting (a transaction-scoped advisory lock), then counts what they
 * posted (items and replies) since `since`: two tabs posting at once cannot both pass the limit.
 */
export async function countRecentPostsLocked(
  executor: Executor,
  userId: string,
  since: Date,
): Promise<number> {
  await executor.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`marketplace-post:${userId}`}, 0))`,
  )
  const result = await executor.execute(sql`
    select (select count(*) from marketplace_items where author_user_id = ${userId}::uuid
              and created_at > ${since.toISOString()}::timestamptz)
         + (select count(*) from marketplace_replies where author_user_id = ${userId}::uuid
              and created_at > ${since.toISOString()}::timestamptz) as n`)
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0)
}

/** The newest items by creation, oldest first, for seeding checks and tests. */
export function findItemsByAuthor(executor: Executor, authorUserId: string) {
  return executor
    .select()
    .from(items)
    .where(eq(items.authorUserId, authorUserId))
    .orderBy(asc(items.createdAt))
}
