import { queryOptions } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type { getRetentionCall, RetentionRange } from '#shared/contracts/renewals-retention.contract.ts'
import { RETENTION_EXPORT_PATH, type RetentionTable } from '#shared/contracts/renewals-retention-texts.ts'
import { buildUrl, callApi } from '#web/lib/api.ts'

const getRetentionRoute = routeOf<typeof getRetentionCall>('GET', '/api/renewals/retention')

export const retentionKeys = {
  all: ['renewals', 'retention'] as const,
  range: (range: RetentionRange) => ['renewals', 'retention', range] as const,
}

/** The retention figures over a range of expiration months (the server's last 12 without one). */
export function retentionQuery(range: RetentionRange) {
  return queryOptions({
    queryKey: retentionKeys.range(range),
    queryFn: ({ signal }) => callApi(getRetentionRoute, { query: range, signal }),
  })
}

/** One table of the figures as the server writes it: a CSV download, audited there. */
export function retentionExportUrl(range: RetentionRange, table: RetentionTable): string {
  return buildUrl(RETENTION_EXPORT_PATH, undefined, { ...range, table })
}
