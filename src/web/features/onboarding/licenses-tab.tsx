import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { License } from '#shared/contracts/onboarding-records.contract.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { Button } from '#web/components/button.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { SearchInput } from '#web/components/search-input.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { formatDate } from '#web/lib/format.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { licensesQuery } from './onboarding.queries.ts'
import { EmptyState, LicenseBadge, LoadError } from './onboarding-display.tsx'

const LicenseDialog = lazy(() => import('./license-dialog.tsx').then((m) => ({ default: m.LicenseDialog })))

/** Licenses: the overview table, with an add/edit dialog. */
export function LicensesTab() {
  const [agent, setAgent] = useState('')
  const agentId = useDebouncedValue(agent.trim(), 300) || undefined
  const { data, isError } = useQuery(licensesQuery(agentId))
  const [editing, setEditing] = useState<License | 'new' | null>(null)
  const mounted = useOpenedOnce(editing !== null)
  return (
    <section aria-labelledby="licenses-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="licenses-heading" className="mr-auto text-lg font-semibold text-slate-900">
          Licenses
        </h2>
        <SearchInput
          aria-label="Agent ID"
          placeholder="Agent ID..."
          value={agent}
          onChange={(event) => setAgent(event.target.value)}
          className="w-full sm:w-48"
        />
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add License
        </Button>
      </div>
      {isError ? (
        <LoadError message={T.fetchLicenses} />
      ) : !data ? (
        <Spinner label="Loading licenses" />
      ) : data.length === 0 ? (
        <EmptyState>{T.noLicenses}</EmptyState>
      ) : (
        <DataTable
          label="Licenses"
          columns={licenseColumns(setEditing)}
          rows={data}
          rowKey={(license) => license.id}
          className="rounded-lg border border-slate-200 bg-white"
          tableClassName="min-w-[720px]"
        />
      )}
      {mounted && (
        <Suspense fallback={null}>
          <LicenseDialog
            license={editing === 'new' ? null : editing}
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
          />
        </Suspense>
      )}
    </section>
  )
}

function licenseColumns(onEdit: (license: License) => void): DataColumn<License>[] {
  return [
    {
      key: 'agent',
      header: 'Agent',
      cell: (license) => (
        <>
          <p className="font-medium text-slate-900">{license.agentName}</p>
          <p className="text-xs text-slate-600">{license.agentId}</p>
        </>
      ),
    },
    { key: 'license', header: 'License', cell: (license) => license.licenseNumber },
    { key: 'state', header: 'State', cell: (license) => license.state },
    { key: 'type', header: 'Type', cell: (license) => license.licenseType },
    {
      key: 'expires',
      header: 'Expires',
      cell: (license) => (license.expirationDate ? formatDate(`${license.expirationDate}T12:00:00`) : '—'),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (license) => <LicenseBadge status={license.status} expirationDate={license.expirationDate} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cellClassName: 'text-right',
      cell: (license) => (
        <Button
          aria-label={`Edit license ${license.licenseNumber}`}
          variant="outline"
          size="sm"
          onClick={() => onEdit(license)}
        >
          Edit
        </Button>
      ),
    },
  ]
}
