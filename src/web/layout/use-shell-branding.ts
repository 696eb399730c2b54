import { type QueryFunctionContext, useQuery } from '@tanstack/react-query'
import type { Branding } from '#shared/contracts/settings.contract.ts'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { queryKeys } from '#web/lib/query-keys.ts'

// The settings feature's query, and with it its contract, loads only for an executive agency:
// the shell of every other plan never downloads them.
const fetchBranding = async (context: QueryFunctionContext) => {
  const { brandingQuery } = await import('#web/features/settings/settings.queries.ts')
  return brandingQuery.queryFn!(context as never)
}

/**
 * The agency's branding when its plan includes it (executive), else null: the shell then keeps
 * the product's own look. Other plans never ask. A failed read also keeps the product's look.
 */
export function useShellBranding(): Branding | null {
  const user = useCurrentUser()
  const executive = user.subscriptionTier === 'executive'
  const { data } = useQuery({ queryKey: queryKeys.branding, queryFn: fetchBranding, enabled: executive })
  return executive && data?.enabled ? data.branding : null
}
