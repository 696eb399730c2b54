import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  listModerationCall,
  removeItemCall,
  restoreItemCall,
} from '#shared/contracts/marketplace-community.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { marketplaceKeys } from './marketplace.queries.ts'

export const moderationQuery = queryOptions({
  queryKey: marketplaceKeys.moderation,
  queryFn: ({ signal }) => callApi(listModerationCall, { signal }).then((answer) => answer.data),
})

/** Restore or remove: the queue and every list change. */
export function useModerate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'restore' | 'remove' }) => {
      if (action === 'restore') await callApi(restoreItemCall, { params: { id } })
      else await callApi(removeItemCall, { params: { id } })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
  })
}
