import type { Carrier } from '#shared/contracts/carriers.contract.ts'
import { INSURANCE_TYPES } from '#shared/domain/insurance-types.ts'
import { Card } from '#web/components/card.tsx'
import { INSURANCE_TYPE_LABELS } from '#web/components/insurance-type-badge.tsx'
import { formatCount } from '#web/lib/format.ts'
import { countCarriers } from './carrier-filters.ts'

export function CarrierCountCards({ carriers }: { carriers: readonly Carrier[] | undefined }) {
  const counts = carriers ? countCarriers(carriers) : undefined
  const cards = [
    ['all', 'Total'] as const,
    ...INSURANCE_TYPES.map((type) => [type, INSURANCE_TYPE_LABELS[type]] as const),
  ]
  return (
    <ul aria-label="Carrier counts" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {cards.map(([key, label]) => (
        <li key={key}>
          <Card className="p-4">
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`carrier-count-${key}`}>
              {counts ? formatCount(counts[key]) : '—'}
            </p>
          </Card>
        </li>
      ))}
    </ul>
  )
}
