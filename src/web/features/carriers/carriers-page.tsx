import { useQuery } from '@tanstack/react-query'
import { Building2, Plus } from 'lucide-react'
import { useState } from 'react'
import { CARRIER_TEXTS, type Carrier } from '#shared/contracts/carriers.contract.ts'
import { INSURANCE_TYPES } from '#shared/domain/insurance-types.ts'
import { Button } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { INSURANCE_TYPE_LABELS } from '#web/components/insurance-type-badge.tsx'
import { SearchInput } from '#web/components/search-input.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { AddCarrierDialog } from './add-carrier-dialog.tsx'
import { CarrierCard, type CarrierFigures } from './carrier-card.tsx'
import { CarrierCountCards } from './carrier-count-cards.tsx'
import { CarrierDetailsDialog, type ConnectionPanel } from './carrier-details-dialog.tsx'
import { filterCarriers, type TypeFilter } from './carrier-filters.ts'
import { carriersQuery, useSetCarrierActive } from './carriers.queries.ts'

const TYPE_BUTTONS: [TypeFilter, string][] = [
  ['all', 'All Types'],
  ...INSURANCE_TYPES.map((type): [TypeFilter, string] => [type, INSURANCE_TYPE_LABELS[type]]),
]

interface CarriersPageProps {
  /** The carrier's API connection in View Details; composed in by the route. */
  ConnectionPanel?: ConnectionPanel
  /** Each card's indication-to-bound figures, from the quotes feature; composed in by the route. */
  CarrierFigures?: CarrierFigures
}

export function CarriersPage({ ConnectionPanel, CarrierFigures }: CarriersPageProps) {
  const [search, setSearch] = useState('')
  const [type, setType] = useState<TypeFilter>('all')
  const [adding, setAdding] = useState(false)
  const [detailsId, setDetailsId] = useState<string | null>(null)
  const { data: carriers } = useQuery({ ...carriersQuery, throwOnError: true })
  const setActive = useSetCarrierActive()
  const shown = carriers ? filterCarriers(carriers, search, type) : undefined
  const details = carriers?.find((carrier) => carrier.id === detailsId) ?? null

  function toggle(carrier: Carrier, isActive: boolean) {
    setActive.mutate(
      { id: carrier.id, isActive },
      {
        onError: (error) =>
          showToast({
            title: 'Error',
            description: isApiError(error) ? error.message : `Failed to update ${carrier.name}.`,
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <>
      <PageHeader title={CARRIER_TEXTS.title} subtitle={CARRIER_TEXTS.subtitle} />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <SearchInput
          aria-label="Search carriers"
          placeholder={CARRIER_TEXTS.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="w-full lg:max-w-sm"
        />
        <Button onClick={() => setAdding(true)} className="self-start lg:self-auto">
          <Plus aria-hidden="true" />
          Add Carrier
        </Button>
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Insurance type</legend>
        {TYPE_BUTTONS.map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            variant={type === value ? 'primary' : 'outline'}
            aria-pressed={type === value}
            onClick={() => setType(value)}
          >
            {label}
          </Button>
        ))}
      </fieldset>
      <CarrierCountCards carriers={carriers} />
      {!shown ? (
        <Spinner label="Loading carriers" className="justify-self-center py-8" />
      ) : shown.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
          <Building2 aria-hidden="true" className="size-10 text-slate-400" />
          <h2 className="text-lg font-semibold text-slate-900">{CARRIER_TEXTS.empty}</h2>
        </Card>
      ) : (
        <ul aria-label="Carriers" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((carrier) => (
            <li key={carrier.id}>
              <CarrierCard
                carrier={carrier}
                Figures={CarrierFigures}
                toggling={setActive.isPending && setActive.variables?.id === carrier.id}
                onToggleActive={(isActive) => toggle(carrier, isActive)}
                onViewDetails={() => setDetailsId(carrier.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <AddCarrierDialog open={adding} onOpenChange={setAdding} />
      <CarrierDetailsDialog
        carrier={details}
        onClose={() => setDetailsId(null)}
        ConnectionPanel={ConnectionPanel}
      />
    </>
  )
}
