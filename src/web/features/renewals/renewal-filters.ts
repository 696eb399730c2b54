import { INSURANCE_TYPES, type InsuranceType } from '#shared/domain/insurance-types.ts'
import { RENEWAL_STAGES, type RenewalStage } from '#shared/domain/renewal-pipeline.ts'
import type { RenewalListFilters } from './renewals.queries.ts'

/** The filters kept in the address (shareable, kept on reload and on the way back from a renewal). */
export const FILTER_KEYS = ['stage', 'assigneeId', 'line', 'carrierId', 'dueBefore'] as const

export const VIEWS = ['board', 'list'] as const
export type RenewalView = (typeof VIEWS)[number]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY = /^\d{4}-\d{2}-\d{2}$/

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined
}

/** What the address asks for; unknown values are dropped rather than sent to be refused. */
export function filtersFromSearch(search: URLSearchParams): RenewalListFilters {
  const id = (key: string) => {
    const value = search.get(key)
    return value && UUID.test(value) ? value : undefined
  }
  const dueBefore = search.get('dueBefore')
  return {
    stage: oneOf<RenewalStage>(RENEWAL_STAGES, search.get('stage')),
    assigneeId: id('assigneeId'),
    line: oneOf<InsuranceType>(INSURANCE_TYPES, search.get('line')),
    carrierId: id('carrierId'),
    dueBefore: dueBefore && DAY.test(dueBefore) ? dueBefore : undefined,
  }
}

/** The board unless the address asks for the list. */
export function viewFromSearch(search: URLSearchParams): RenewalView {
  return oneOf(VIEWS, search.get('view')) ?? 'board'
}

export function writeFilters(search: URLSearchParams, filters: RenewalListFilters): URLSearchParams {
  const next = new URLSearchParams(search)
  for (const key of FILTER_KEYS) {
    const value = filters[key]
    if (value) next.set(key, value)
    else next.delete(key)
  }
  return next
}

export function writeView(search: URLSearchParams, view: RenewalView): URLSearchParams {
  const next = new URLSearchParams(search)
  if (view === 'board') next.delete('view')
  else next.set('view', view)
  return next
}

export function isFiltered(filters: RenewalListFilters): boolean {
  return FILTER_KEYS.some((key) => Boolean(filters[key]))
}
