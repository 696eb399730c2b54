import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import type {
  MarketplaceSort,
  Post,
  Practice,
  PracticeCategory,
  Review,
} from '#shared/contracts/marketplace.contract.ts'
import type { ItemKind } from '#shared/contracts/marketplace-community.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { selectAgencyNames } from '../agencies/find-agency-names.ts'
import { selectUserNames } from '../auth/find-user-names.ts'
import { findAgenciesThatSubmitted } from '../carrier-delivery/carrier-delivery.service.ts'
import { selectCarrierNameList } from '../carriers/carriers.service.ts'
import { toPost, toPractice, toReview, type Viewer } from './item-view.service.ts'
import { decodeListCursor, encodeListCursor } from './list-cursor.service.ts'
import { findPageIds, type ListFilter } from './list-page.repository.ts'
import * as repository from './marketplace.repository.ts'
import { toPrefixTsQuery } from './search-query.service.ts'

export interface ItemViews {
  review: Review
  practice: Practice
  post: Post
}

export interface ListQuery {
  search?: string
  carrierId?: string
  category?: PracticeCategory
  sort: MarketplaceSort
  limit: number
  cursor?: string
}

export const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

/** The Verified badge of each row: one query for the page, through carrier delivery's service. */
async function verifiedPairs(executor: Executor, rows: repository.CardRow[]): Promise<Set<string>> {
  const pairs = rows.flatMap(({ item }) =>
    item.kind !== 'post' && item.carrierIds[0]
      ? [{ agencyId: item.agencyId, carrierId: item.carrierIds[0] }]
      : [],
  )
  return pairs.length === 0 ? new Set() : findAgenciesThatSubmitted(executor, pairs)
}

/** What names a card's author, agency and carriers: their features' query fragments. */
export const cardNames: repository.CardNames = {
  authors: selectUserNames(),
  agencies: selectAgencyNames(),
  carrierNameList: selectCarrierNameList,
}

/** Rows of one kind as their cards, for this viewer. */
export async function toViews<K extends ItemKind>(
  executor: Executor,
  kind: K,
  rows: repository.CardRow[],
  viewer: Viewer,
): Promise<ItemViews[K][]> {
  const verified = await verifiedPairs(executor, rows)
  return rows.map((row) => {
    if (kind === 'review') return toReview(row, viewer, verified)
    if (kind === 'practice') return toPractice(row, viewer, verified)
    return toPost(row, viewer)
  }) as ItemViews[K][]
}

/**
 * A page of reviews, practices or posts from every agency: visible ones only, filtered and sorted
 * as asked. Relevance needs search words; without them the list is newest first.
 */
export async function listItems<K extends ItemKind>(
  executor: Executor,
  { actor }: Ctx,
  kind: K,
  query: ListQuery,
): Promise<{ data: ItemViews[K][]; nextCursor: string | null }> {
  const tsQuery = query.search ? (toPrefixTsQuery(query.search) ?? undefined) : undefined
  const sort = query.sort === 'relevance' && !tsQuery ? 'newest' : query.sort
  const filter: ListFilter = {
    kind,
    sort,
    limit: query.limit,
    carrierId: query.carrierId,
    category: kind === 'practice' ? query.category : undefined,
    tsQuery,
    after: query.cursor ? decodeListCursor(query.cursor, sort) : undefined,
  }
  // Search words that are no words at all (only punctuation) match nothing, as a search should.
  if (query.search && !tsQuery) return { data: [], nextCursor: null }
  const ids = await findPageIds(executor, filter)
  const rows = await repository.findCards(executor, actor.userId, ids, filter, cardNames)
  const shown = rows.slice(0, query.limit)
  const last = shown.at(-1)
  const nextCursor =
    rows.length > query.limit && last
      ? encodeListCursor({
          value: sort === 'newest' ? null : last.sortValue,
          at: last.preciseCreatedAt,
          id: last.item.id,
        })
      : null
  return { data: await toViews(executor, kind, shown, actor), nextCursor }
}

/** One visible item of this kind as its card, or 404 (missing, hidden, or of another kind). */
export async function getItemView<K extends ItemKind>(
  executor: Executor,
  viewer: Viewer,
  kind: K,
  id: string,
): Promise<ItemViews[K]> {
  const row = await repository.findCard(executor, viewer.userId, id, cardNames)
  if (!row || row.item.kind !== kind || row.item.status !== 'visible') throw notFound()
  const [view] = await toViews(executor, kind, [row], viewer)
  if (!view) throw notFound()
  return view
}
