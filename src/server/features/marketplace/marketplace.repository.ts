import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { AgencyNamesQuery } from '../agencies/find-agency-names.ts'
import type { UserNamesQuery } from '../auth/find-user-names.ts'
import type { selectCarrierNameList } from '../carriers/carriers.service.ts'
import { type ListFilter, sortValue, writeItemCarriers } from './list-page.repository.ts'
import { marketplaceCarrierTurnaround, marketplaceItems, marketplaceVotes } from './marketplace.table.ts'

export type ItemRow = typeof marketplaceItems.$inferSelect
export type NewItemRow = typeof marketplaceItems.$inferInsert

const items = marketplaceItems

/** Microseconds, as written: a page's end must compare exactly with the next page's rows. */
const preciseCreatedAt = sql<string>`to_char(${items.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/**
 * What names a card's author, agency and carriers, from the features that own them: query
 * fragments their services export, joined here so that a page of cards is one query (decision 025).
 */
export interface CardNames {
  authors: UserNamesQuery
  agencies: AgencyNamesQuery
  carrierNameList: typeof selectCarrierNameList
}

/**
 * What a card shows besides the item: the author's name and agency, the carriers' names in the
 * item's order, the first carrier's measured turnaround, and the viewer's own vote. A card whose
 * author or agency is gone is left out by the inner joins.
 */
function selectCards(executor: Executor, viewerId: string, value: SQL | null, names: CardNames) {
  const { authors, agencies } = names
  return executor
    .select({
      item: items,
      authorFirstName: authors.firstName,
      authorLastName: authors.lastName,
      agencyName: agencies.name,
      carrierNames: names.carrierNameList(items.carrierIds),
      turnaroundDays: marketplaceCarrierTurnaround.medianDays,
      // One primary-key probe per card, whatever the statistics say about the vote table.
      myVote: sql<boolean | null>`(select v.up from ${marketplaceVotes} v
        where v.item_id = ${items.id} and v.user_id = ${viewerId}::uuid)`,
      sortValue: value ? sql<number>`${value}`.mapWith(Number) : sql<null>`null`,
      preciseCreatedAt,
    })
    .from(items)
    .innerJoin(authors, eq(authors.id, items.authorUserId))
    .innerJoin(agencies, eq(agencies.id, items.agencyId))
    .leftJoin(
      marketplaceCarrierTurnaround,
      sql`${marketplaceCarrierTurnaround.carrierId} = ${items.carrierIds}[1]`,
    )
}

export type CardRow = Awaited<ReturnType<typeof findCards>>[number]

/** These items' cards, in the list's order (the ids come from list-page.repository.ts). */
export function findCards(
  executor: Executor,
  viewerId: string,
  ids: string[],
  filter: Pick<ListFilter, 'sort' | 'tsQuery'>,
  names: CardNames,
) {
  // The item's own score (the carrier index holds a copy of the same value).
  const value = sortValue({ sort: filter.sort, tsQuery: filter.tsQuery })
  return selectCards(executor, viewerId, value, names)
    .where(inArray(items.id, ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']))
    .orderBy(...(value ? [desc(value)] : []), desc(items.createdAt), desc(items.id))
}

/** One item as its card shows it, whatever its status (the caller decides who may see it). */
export async function findCard(executor: Executor, viewerId: string, id: string, names: CardNames) {
  const [row] = await selectCards(executor, viewerId, null, names).where(eq(items.id, id))
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
  await writeItemCarriers(executor, created!.id)
  return created!
}

export async function updateItem(executor: Executor, id: string, values: Partial<NewItemRow>) {
  await executor
    .update(items)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(items.id, id))
  if (values.carrierIds) await writeItemCarriers(executor, id)
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
