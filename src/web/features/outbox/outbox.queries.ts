import { queryOptions } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type { listOutboxCall } from '#shared/contracts/outbox.contract.ts'
import { callApi } from '#web/lib/api.ts'

const listOutboxRoute = routeOf<typeof listOutboxCall>('GET', '/api/outbox')

export const outboxKeys = { all: ['outbox'] as const }

export const outboxQuery = queryOptions({
  queryKey: outboxKeys.all,
  queryFn: ({ signal }) => callApi(listOutboxRoute, { signal }),
})
