import { CarrierConnection } from '#web/features/carrier-delivery/carrier-connection.tsx'
import { CarriersPage } from '#web/features/carriers/carriers-page.tsx'
import { CarrierQuoteVariance } from '#web/features/quotes/carrier-quote-variance.tsx'

/**
 * View Details shows the carrier-delivery feature's connection panel, and each card the quotes
 * feature's indication-to-bound figures: the route composes the three.
 */
export function CarriersRoute() {
  return <CarriersPage ConnectionPanel={CarrierConnection} CarrierFigures={CarrierQuoteVariance} />
}
