import { ClientDetailsPage } from '#web/features/clients/client-details-page.tsx'
import { ClientPolicies } from '#web/features/policies/client-policies.tsx'

/** The client's page lists the policies feature's policies of the client: the route composes the two. */
export function ClientDetailsRoute() {
  return <ClientDetailsPage Policies={ClientPolicies} />
}
