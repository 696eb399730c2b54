import { useQuery } from '@tanstack/react-query'
import type { Branding } from '#shared/contracts/settings.contract.ts'
import { useCurrentUser } from '#web/features/auth/auth.queries.ts'
import { brandingQuery } from '#web/features/settings/settings.queries.ts'

/**
 * The agency's branding when its plan includes it (executive), else null: the shell then keeps
 * the product's own look. Other plans never ask. A failed read also keeps the product's look.
 */
export function useShellBranding(): Branding | null {
  const user = useCurrentUser()
  const executive = user.subscriptionTier === 'executive'
  const { data } = useQuery({ ...brandingQuery, enabled: executive })
  return executive && data?.enabled ? data.branding : null
}
