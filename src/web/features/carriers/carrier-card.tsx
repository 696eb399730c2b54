import { CircleCheck, CircleX } from 'lucide-react'
import type { ComponentType } from 'react'
import type { Carrier } from '#shared/contracts/carriers.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'
import { Switch } from '#web/components/switch.tsx'
import { VISIBLE_STATES } from './carrier-filters.ts'

/** Figures about the carrier that another feature keeps (the quotes' indication to bound). */
export type CarrierFigures = ComponentType<{ carrierId: string; carrierName: string }>

interface CarrierCardProps {
  carrier: Carrier
  Figures?: CarrierFigures
  onViewDetails: () => void
  onToggleActive: (isActive: boolean) => void
  toggling: boolean
}

export function CarrierCard({ carrier, Figures, onViewDetails, onToggleActive, toggling }: CarrierCardProps) {
  const extraStates = carrier.states.length - VISIBLE_STATES
  return (
    <Card className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex items-start gap-2 font-semibold text-slate-900">
            {carrier.isActive ? (
              <CircleCheck aria-hidden="true" className="mt-1 size-4 shrink-0 text-green-600" />
            ) : (
              <CircleX aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-400" />
            )}
            <span className="break-words">{carrier.name}</span>
          </h2>
          <p className="pl-6 text-sm text-slate-600">{carrier.code}</p>
        </div>
        <Badge tone={carrier.isActive ? 'green' : 'neutral'}>
          {carrier.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <span className="sr-only">Supported types:</span>
        {carrier.supportedTypes.map((type) => (
          <InsuranceTypeBadge key={type} type={type} />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-1.5 text-xs text-slate-700">
        <span className="sr-only">States:</span>
        {carrier.states.slice(0, VISIBLE_STATES).map((state) => (
          <Badge key={state}>{state}</Badge>
        ))}
        {extraStates > 0 && <Badge tone="violet">+{extraStates} more</Badge>}
      </div>
      {Figures && <Figures carrierId={carrier.id} carrierName={carrier.name} />}
      <div className="mt-auto flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <span className="flex items-center gap-2 text-sm text-slate-700">
          <Switch
            checked={carrier.isActive}
            disabled={toggling}
            aria-label={`${carrier.name} active for your agency`}
            onCheckedChange={onToggleActive}
          />
          <span aria-hidden="true">{carrier.isActive ? 'On' : 'Off'}</span>
        </span>
        <Button
          variant="outline"
          size="sm"
          onClick={onViewDetails}
          aria-label={`View Details for ${carrier.name}`}
        >
          View Details
        </Button>
      </div>
    </Card>
  )
}
