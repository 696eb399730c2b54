import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { PolicyFilters, PolicyListItem } from '#shared/contracts/policies.contract.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import * as repository from './policies.repository.ts'
import { toListItems } from './policies.service.ts'

export interface PolicyPageQuery extends PolicyFilters {
  limit: number
  cursor?: string
}

/** The sort's key and direction: `-premium` is the highest premium first. */
function sortOf(sort: PolicyFilters['sort']) {
  const descending = sort.startsWith('-')
  return { key: sort.replace('-', '') as repository.PolicySortKey, descending }
}

const badCursor = () => new AppError('INVALID_INPUT', { message: 'The page cursor is not valid.' })

/** A position in one sort: its name, the last row's sort value and id. */
function encodeCursor(sort: string, row: repository.PolicyRow): string {
  const { key } = sortOf(sort as PolicyFilters['sort'])
  const value =
    key === 'premium'
      ? String(row.writtenPremiumCents)
      : key === 'created'
        ? row.createdAt.toISOString()
        : row.expirationDate
  return Buffer.from(`${sort}|${value}|${row.id}`).toString('base64url')
}

function decodeCursor(sort: string, cursor: string) {
  const [cursorSort, value, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  // A cursor from another sort would land anywhere: refuse it rather than skip rows.
  if (cursorSort !== sort || !value || !id || !/^[0-9a-f-]{36}$/.test(id)) throw badCursor()
  const { key } = sortOf(sort as PolicyFilters['sort'])
  const valid =
    key === 'premium'
      ? /^-?\d{1,15}$/.test(value)
      : key === 'created'
        ? !Number.isNaN(Date.parse(value))
        : /^\d{4}-\d{2}-\d{2}$/.test(value)
  if (!valid) throw badCursor()
  return { value, id }
}

/** The filter as the repository reads it: "expiring within N days" becomes a last date. */
export function filterOf(query: PolicyFilters, today = utcToday()): repository.PolicyListFilter {
  return {
    q: query.q || undefined,
    status: query.status,
    line: query.line,
    carrierId: query.carrierId,
    producerUserId: query.producerUserId,
    clientId: query.clientId,
    expiringBy: query.expiringWithinDays ? addDays(today, query.expiringWithinDays) : undefined,
    today,
  }
}

/** A page of the agency's policies, filtered and sorted, with the cursor of the next page. */
export async function listPolicies(
  db: Db,
  ctx: Ctx,
  query: PolicyPageQuery,
): Promise<{ policies: PolicyListItem[]; nextCursor: string | null }> {
  const { key, descending } = sortOf(query.sort)
  const rows = await repository.findPolicies(db, ctx.actor.agencyId, filterOf(query), {
    sort: key,
    descending,
    limit: query.limit + 1,
    after: query.cursor ? decodeCursor(query.sort, query.cursor) : undefined,
  })
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    policies: await toListItems(db, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor(query.sort, last) : null,
  }
}
