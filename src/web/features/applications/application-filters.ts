import { APPLICATION_STATUSES, type ApplicationStatus } from '#shared/domain/application-status.ts'
import { INSURANCE_TYPES, type InsuranceType } from '#shared/domain/insurance-types.ts'
import type { ApplicationFilters } from './applications.queries.ts'

export const FILTER_KEYS = ['status', 'type', 'carrierId', 'from', 'to'] as const

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The list filters kept in the address (shareable, survive a reload); unknown values are dropped. */
export function filtersFromSearch(search: URLSearchParams): ApplicationFilters {
  const status = search.get('status')
  const type = search.get('type')
  const carrierId = search.get('carrierId')
  const from = search.get('from')
  const to = search.get('to')
  return {
    status: APPLICATION_STATUSES.includes(status as ApplicationStatus)
      ? (status as ApplicationStatus)
      : undefined,
    type: INSURANCE_TYPES.includes(type as InsuranceType) ? (type as InsuranceType) : undefined,
    carrierId: carrierId || undefined,
    from: from && DATE.test(from) ? from : undefined,
    to: to && DATE.test(to) ? to : undefined,
  }
}

export function writeFilters(search: URLSearchParams, filters: ApplicationFilters): URLSearchParams {
  const next = new URLSearchParams(search)
  for (const key of FILTER_KEYS) {
    const value = filters[key]
    if (value) next.set(key, value)
    else next.delete(key)
  }
  return next
}

export function activeFilterCount(filters: ApplicationFilters): number {
  return FILTER_KEYS.filter((key) => Boolean(filters[key])).length
}
