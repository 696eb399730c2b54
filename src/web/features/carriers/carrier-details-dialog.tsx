import { CircleCheck } from 'lucide-react'
import type { ComponentType, ReactNode } from 'react'
import { CARRIER_TEXTS, type Carrier } from '#shared/contracts/carriers.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'

/** Spec part 1 §2 View Details: defaults A and 4.2 when the carrier has no rating on file. */
export function consumerRating(carrier: Carrier): number {
  return carrier.consumerConfidence ?? carrier.consumerConfidenceScore ?? CARRIER_TEXTS.defaultConsumerRating
}

/** The carrier's API connection: the carrier-delivery feature's panel, composed in by the route. */
export type ConnectionPanel = ComponentType<{ carrierId: string }>

export function CarrierDetailsDialog({
  carrier,
  onClose,
  ConnectionPanel,
}: {
  carrier: Carrier | null
  onClose: () => void
  ConnectionPanel?: ConnectionPanel
}) {
  const states = carrier ? (carrier.licensedStates.length > 0 ? carrier.licensedStates : carrier.states) : []
  return (
    <Dialog open={carrier !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        {carrier && (
          <>
            <DialogHeader>
              <DialogTitle>{carrier.name}</DialogTitle>
              <DialogDescription>Carrier details and integrations</DialogDescription>
            </DialogHeader>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Item label="Code">{carrier.code}</Item>
              <Item label="Status">
                <Badge tone={carrier.isActive ? 'green' : 'neutral'}>
                  {carrier.isActive ? 'Active' : 'Inactive'}
                </Badge>
              </Item>
              <Item label="Supported types" wide>
                <span className="flex flex-wrap gap-1.5">
                  {carrier.supportedTypes.map((type) => (
                    <InsuranceTypeBadge key={type} type={type} />
                  ))}
                </span>
              </Item>
              <Item label="Licensed states" wide>
                {states.length > 0 ? states.join(', ') : '—'}
              </Item>
              <Item label="API integrations" wide>
                <ul className="grid gap-1.5">
                  {CARRIER_TEXTS.integrations.map((integration) => (
                    <li key={integration} className="flex items-center justify-between gap-2">
                      <span className="flex items-center gap-2">
                        <CircleCheck aria-hidden="true" className="size-4 text-green-600" />
                        {integration}
                      </span>
                      <Badge tone="green">Available</Badge>
                    </li>
                  ))}
                </ul>
              </Item>
              {carrier.contactEmail && (
                <Item label="Contact email" wide>
                  <a href={`mailto:${carrier.contactEmail}`} className="text-violet-700 hover:underline">
                    {carrier.contactEmail}
                  </a>
                </Item>
              )}
              <Item label="Financial Strength">
                {carrier.financialStrength ?? CARRIER_TEXTS.defaultFinancialStrength}
              </Item>
              <Item label="Consumer Rating">{consumerRating(carrier).toFixed(1)} out of 5.0</Item>
            </dl>
            {ConnectionPanel && <ConnectionPanel carrierId={carrier.id} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'grid gap-1 sm:col-span-2' : 'grid gap-1'}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  )
}
