import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  getDatabasePerformanceCall,
  getDatabaseStatusCall,
  optimizeDatabaseCall,
  PERFORMANCE_POLL_MS,
  STATUS_POLL_MS,
  DATABASE_TEXTS as T,
} from '#shared/contracts/database-admin.contract.ts'
import { callApi } from '#web/lib/api.ts'
import { queryKeys } from '#web/lib/query-keys.ts'
import { showToast } from '#web/lib/toast-store.ts'

/** Spec §4 and §9: status every 30 seconds, performance every 60. */
export const databaseStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.database.status,
    queryFn: ({ signal }) => callApi(getDatabaseStatusCall, { signal }),
    refetchInterval: STATUS_POLL_MS,
  })

export const databasePerformanceQuery = () =>
  queryOptions({
    queryKey: queryKeys.database.performance,
    queryFn: ({ signal }) => callApi(getDatabasePerformanceCall, { signal }),
    refetchInterval: PERFORMANCE_POLL_MS,
  })

/** Spec §7: after an optimize, status and performance are fetched again; §8's toasts. */
export function useOptimizeDatabase() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(optimizeDatabaseCall),
    onSuccess: () => {
      showToast({ title: T.optimizedTitle, description: T.optimized, variant: 'success' })
      void queryClient.invalidateQueries({ queryKey: queryKeys.database.all })
    },
    onError: () =>
      showToast({ title: T.optimizeFailedTitle, description: T.optimizeFailed, variant: 'destructive' }),
  })
}
