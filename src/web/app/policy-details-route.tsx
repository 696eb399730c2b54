import { lazy } from 'react'
import { PolicyDetailsPage } from '#web/features/policies/policy-details-page.tsx'

// Its own chunk: the policy's first screen does not wait for the commission section's code.
const PolicyCommissionSection = lazy(() =>
  import('#web/features/commissions/policy-commission-section.tsx').then((m) => ({
    default: m.PolicyCommissionSection,
  })),
)

/** The policy's page shows the commissions feature's section of it: the route composes the two. */
export function PolicyDetailsRoute() {
  return <PolicyDetailsPage Commission={PolicyCommissionSection} />
}
