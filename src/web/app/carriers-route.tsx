import { CarrierConnection } from '#web/features/carrier-delivery/carrier-connection.tsx'
import { CarriersPage } from '#web/features/carriers/carriers-page.tsx'

/** View Details shows the carrier-delivery feature's connection panel: the route composes the two. */
export function CarriersRoute() {
  return <CarriersPage ConnectionPanel={CarrierConnection} />
}
