import { useMutation, useQuery } from '@tanstack/react-query'
import { Download, Sparkles } from 'lucide-react'
import { type ComponentType, lazy, Suspense, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { ApplicationListItem } from '#shared/contracts/applications.contract.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import type { SubmissionResult } from '#shared/contracts/bulk-submission.contract.ts'
import { Button } from '#web/components/button.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { ApplicationFilterPanel } from './application-filter-panel.tsx'
import { activeFilterCount, filtersFromSearch, writeFilters } from './application-filters.ts'
import { ApplicationList } from './application-list.tsx'
import { ApplicationSummaryCards } from './application-summary-cards.tsx'
import { applicationSummaryQuery } from './applications.queries.ts'
import { toastBulkOutcome } from './bulk-outcome.ts'
import { exportApplications } from './export-applications.ts'

/** The wizard (with its form library) loads when first opened, not with the list. */
const NewApplicationDialog = lazy(() =>
  import('./wizard/new-application-dialog.tsx').then((m) => ({ default: m.NewApplicationDialog })),
)

/** '?new=1' opens the wizard: the menu's New Application entry and the dashboard link here. */
export const NEW_APPLICATION_PARAM = 'new'

export interface BulkSubmissionDialogProps {
  application: ApplicationListItem
  onClose: () => void
  onCompleted: (results: SubmissionResult[]) => void
}

interface ApplicationsPageProps {
  /** The Smart Bulk Submission modal, composed in by the route; without it rows have no Smart Submit. */
  BulkSubmissionDialog?: ComponentType<BulkSubmissionDialogProps>
}

export function ApplicationsPage({ BulkSubmissionDialog }: ApplicationsPageProps) {
  const [search, setSearch] = useSearchParams()
  const [bulkTarget, setBulkTarget] = useState<ApplicationListItem | null>(null)
  const filters = filtersFromSearch(search)
  const wizardOpen = search.get(NEW_APPLICATION_PARAM) === '1'
  const wizardMounted = useOpenedOnce(wizardOpen)
  const summary = useQuery(applicationSummaryQuery)
  const exporting = useMutation({
    mutationFn: () => exportApplications(filters),
    onSuccess: (fileName) => showToast({ title: 'Export ready', description: `Downloaded ${fileName}.` }),
    onError: (error) =>
      showToast({
        title: 'Export failed',
        description: isApiError(error) ? error.message : 'The export could not be downloaded.',
        variant: 'destructive',
      }),
  })

  function setWizardOpen(open: boolean) {
    const next = new URLSearchParams(search)
    if (open) next.set(NEW_APPLICATION_PARAM, '1')
    else next.delete(NEW_APPLICATION_PARAM)
    setSearch(next, { replace: !open })
  }

  return (
    <>
      <PageHeader
        title={APPLICATION_TEXTS.title}
        subtitle="Track, filter and export your insurance applications"
        onNewApplication={() => setWizardOpen(true)}
      />
      <ApplicationSummaryCards />
      {(summary.data?.total ?? 0) > 0 && (
        <p className="flex items-center gap-3 rounded-lg bg-gradient-to-r from-violet-700 to-indigo-700 p-4 text-sm font-medium text-white">
          <Sparkles aria-hidden="true" className="size-5 shrink-0" />
          {APPLICATION_TEXTS.promo}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">All applications</h2>
        <div className="flex flex-wrap gap-2">
          <ApplicationFilterPanel
            filters={filters}
            onApply={(next) => setSearch(writeFilters(search, next))}
          />
          <Button variant="outline" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
            <Download aria-hidden="true" />
            {exporting.isPending ? 'Exporting...' : 'Export'}
          </Button>
        </div>
      </div>
      <ApplicationList
        filters={filters}
        filtered={activeFilterCount(filters) > 0}
        onBulkSubmit={BulkSubmissionDialog ? setBulkTarget : undefined}
      />
      {wizardMounted && (
        <Suspense fallback={null}>
          <NewApplicationDialog open={wizardOpen} onOpenChange={setWizardOpen} />
        </Suspense>
      )}
      {BulkSubmissionDialog && bulkTarget && (
        <Suspense fallback={null}>
          <BulkSubmissionDialog
            application={bulkTarget}
            onClose={() => setBulkTarget(null)}
            onCompleted={toastBulkOutcome}
          />
        </Suspense>
      )}
    </>
  )
}
