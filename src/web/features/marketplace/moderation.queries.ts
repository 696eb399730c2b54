import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { routeOf } from '#shared/contracts/call.ts'
import type {
  listModerationCall,
  removeItemCall,
  restoreItemCall,
} from '#shared/contracts/marketplace-community.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { marketplaceKeys } from './marketplace.queries.ts'

const listModerationRoute = routeOf<typeof listModerationCall>('GET', '/api/marketplace/moderation')
const removeItemRoute = routeOf<typeof removeItemCall>('DELETE', '/api/marketplace/moderation/:id')
const restoreItemRoute = routeOf<typeof restoreItemCall>('POST', '/api/marketplace/moderation/:id/restore')

export const moderationQuery = queryOptions({
  queryKey: marketplaceKeys.moderation,
  queryFn: ({ signal }) => callApi(listModerationRoute, { signal }).then((answer) => answer.data),
})

/** Restore or remove: the queue and every list change. */
export function useModerate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'restore' | 'remove' }) => {
      if (action === 'restore') await callApi(restoreItemRoute, { params: { id } })
      else await callApi(removeItemRoute, { params: { id } })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  })
}
