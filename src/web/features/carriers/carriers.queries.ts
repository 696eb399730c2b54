import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  Carrier,
  CarrierInput,
  createCarrierCall,
  listCarriersCall,
  setCarrierActiveCall,
} from '#shared/contracts/carriers.contract.ts'
import { callApi } from '#web/lib/api.ts'

const createCarrierRoute = routeOf<typeof createCarrierCall>('POST', '/api/carriers')
const listCarriersRoute = routeOf<typeof listCarriersCall>('GET', '/api/carriers')
const setCarrierActiveRoute = routeOf<typeof setCarrierActiveCall>('PUT', '/api/carriers/:id/active')

export const carrierKeys = {
  all: ['carriers'] as const,
  list: ['carriers', 'list'] as const,
}

/**
 * Every carrier the agency sees (the catalogue and its own, about a hundred): the screen searches
 * and counts by type over this one list, and the wizard matches over it.
 */
export const carriersQuery = queryOptions({
  queryKey: carrierKeys.list,
  queryFn: ({ signal }) => callApi(listCarriersRoute, { query: {}, signal }).then((answer) => answer.data),
})

export function useCreateCarrier() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CarrierInput) => callApi(createCarrierRoute, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: carrierKeys.all }),
  })
}

export function useSetCarrierActive() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      callApi(setCarrierActiveRoute, { params: { id }, body: { isActive } }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Carrier[]>(carrierKeys.list, (list) =>
        list?.map((carrier) => (carrier.id === updated.id ? updated : carrier)),
      )
    },
  })
}
