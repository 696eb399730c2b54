import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CallBody } from '#shared/contracts/call.ts'
import {
  getCarrierConnectionCall,
  updateCarrierConnectionCall,
} from '#shared/contracts/carrier-delivery.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { carrierKeys } from './carriers.queries.ts'

export const connectionKey = (carrierId: string) => [...carrierKeys.all, 'connection', carrierId] as const

export function carrierConnectionQuery(carrierId: string) {
  return queryOptions({
    queryKey: connectionKey(carrierId),
    queryFn: ({ signal }) => callApi(getCarrierConnectionCall, { params: { id: carrierId }, signal }),
  })
}

/** Only what changes: an endpoint to keep the secret, `rotateSecret` alone to keep the endpoint. */
export type ConnectionUpdate = CallBody<typeof updateCarrierConnectionCall>

export function useUpdateCarrierConnection(carrierId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (update: ConnectionUpdate) =>
      callApi(updateCarrierConnectionCall, { params: { id: carrierId }, body: update }),
    // The secret stays in the component that shows it once, never in the cache.
    onSuccess: ({ secret: _secret, ...connection }) =>
      queryClient.setQueryData(connectionKey(carrierId), connection),
  })
}
