import type { POLICY_SORTS } from '#shared/contracts/policies.contract.ts'
import { INSURANCE_TYPES, type InsuranceType } from '#shared/domain/insurance-types.ts'
import { POLICY_STATUSES, type PolicyStatus } from '#shared/domain/policy-ledger.ts'
import type { PolicyFilters } from './policies.queries.ts'
import { EXPIRING_WITHIN_DAYS, SORT_OPTIONS } from './policy-display.ts'

type PolicySort = (typeof POLICY_SORTS)[number]

/** The filters kept in the address (shareable, kept on reload and on the way back from a policy). */
export const FILTER_KEYS = [
  'q',
  'status',
  'line',
  'carrierId',
  'producerUserId',
  'expiringWithinDays',
] as const
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined
}

/**
 * The list opens on the active policies: sorted expiring first, every status would put last year's
 * expired terms at the top. `status=all` in the address asks for every status.
 */
export const DEFAULT_STATUS: PolicyStatus = 'active'

function statusFrom(value: string | null): PolicyStatus | undefined {
  if (value === 'all') return undefined
  return oneOf<PolicyStatus>(POLICY_STATUSES, value) ?? DEFAULT_STATUS
}

/** What the address asks for; unknown values are dropped rather than sent to be refused. */
export function filtersFromSearch(search: URLSearchParams): PolicyFilters {
  const id = (key: string) => {
    const value = search.get(key)
    return value && UUID.test(value) ? value : undefined
  }
  const days = Number(search.get('expiringWithinDays'))
  return {
    q: search.get('q')?.trim() || undefined,
    status: statusFrom(search.get('status')),
    line: oneOf<InsuranceType>(INSURANCE_TYPES, search.get('line')),
    carrierId: id('carrierId'),
    producerUserId: id('producerUserId'),
    expiringWithinDays: (EXPIRING_WITHIN_DAYS as readonly number[]).includes(days) ? days : undefined,
    sort: oneOf<PolicySort>(
      SORT_OPTIONS.map((option) => option.value),
      search.get('sort'),
    ),
  }
}

export function writeFilters(search: URLSearchParams, filters: PolicyFilters): URLSearchParams {
  const next = new URLSearchParams(search)
  for (const key of [...FILTER_KEYS, 'sort'] as const) {
    if (key === 'status') {
      if (filters.status === DEFAULT_STATUS) next.delete(key)
      else next.set(key, filters.status ?? 'all')
      continue
    }
    const value = filters[key]
    if (value) next.set(key, String(value))
    else next.delete(key)
  }
  return next
}

export function isFiltered(filters: PolicyFilters): boolean {
  return FILTER_KEYS.some((key) =>
    key === 'status' ? filters.status !== DEFAULT_STATUS : Boolean(filters[key]),
  )
}
