import { queryOptions } from '@tanstack/react-query'
import { listOutboxCall } from '#shared/contracts/outbox.contract.ts'
import { callApi } from '#web/lib/api.ts'

export const outboxKeys = { all: ['outbox'] as const }

export const outboxQuery = queryOptions({
  queryKey: outboxKeys.all,
  queryFn: ({ signal }) => callApi(listOutboxCall, { signal }),
})
