import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { ChevronRight, FileText, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import type { ApplicationListItem } from '#shared/contracts/applications.contract.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { ApplicationStatusBadge } from '#web/components/application-status-badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card } from '#web/components/card.tsx'
import { InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatDate } from '#web/lib/format.ts'
import { type ApplicationFilters, applicationListQuery } from './applications.queries.ts'

/** The primary carrier's name, or how many carriers a bulk submission went to. */
export function carrierLabel(application: Pick<ApplicationListItem, 'carrier' | 'carrierCount'>): string {
  if (application.carrier) return application.carrier.name
  if (application.carrierCount === 0) return 'No carrier yet'
  return `${application.carrierCount} ${application.carrierCount === 1 ? 'carrier' : 'carriers'}`
}

interface ApplicationListProps {
  filters: ApplicationFilters
  filtered: boolean
  /** Each row gets a 'Smart Submit' button when given. */
  onBulkSubmit?: (application: ApplicationListItem) => void
}

/** Below the small breakpoint the action sits under the row; beside it, in its own column. */
const ACTION_COLUMN = 'shrink-0 px-4 pb-3 sm:w-40 sm:px-0 sm:pb-0 sm:pr-6'

export function ApplicationList({ filters, filtered, onBulkSubmit }: ApplicationListProps) {
  const list = useInfiniteQuery({
    ...applicationListQuery(filters),
    placeholderData: keepPreviousData,
    throwOnError: true,
  })
  if (!list.data) return <Spinner label="Loading applications" className="justify-self-center py-8" />
  const applications = list.data.pages.flatMap((page) => page.data)
  if (applications.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <FileText aria-hidden="true" className="size-10 text-slate-400" />
        <p className="text-sm text-slate-700">
          {filtered ? 'No applications match these filters.' : APPLICATION_TEXTS.emptyList}
        </p>
      </Card>
    )
  }
  return (
    <div className="grid gap-4">
      <Card className={cn('overflow-hidden', list.isPlaceholderData && 'opacity-60')}>
        <div
          aria-hidden="true"
          className="hidden border-b border-slate-200 bg-slate-50 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase sm:flex"
        >
          <span className="grid flex-1 grid-cols-[2fr_1fr_2fr_1fr_1fr] gap-4 pr-13 pl-6">
            <span>Client</span>
            <span>Type</span>
            <span>Carrier</span>
            <span>Status</span>
            <span>Date</span>
          </span>
          {onBulkSubmit && <span className={ACTION_COLUMN}>Actions</span>}
        </div>
        <ul
          aria-label="Applications"
          aria-busy={list.isPlaceholderData}
          className="divide-y divide-slate-200"
        >
          {applications.map((application) => (
            <li key={application.id} className="flex flex-col sm:flex-row sm:items-center">
              <ApplicationRow application={application} />
              {onBulkSubmit && (
                <span className={ACTION_COLUMN}>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`${BULK_TEXTS.smartSubmit} for ${application.client.firstName} ${application.client.lastName}`}
                    onClick={() => onBulkSubmit(application)}
                  >
                    <Sparkles aria-hidden="true" />
                    {BULK_TEXTS.smartSubmit}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      </Card>
      <LoadMoreButton list={list} />
    </div>
  )
}

function ApplicationRow({ application }: { application: ApplicationListItem }) {
  const name = `${application.client.firstName} ${application.client.lastName}`
  return (
    <Link
      to={`/applications/${application.id}`}
      className="flex min-w-0 flex-1 items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-violet-700 sm:px-6"
    >
      <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[2fr_1fr_2fr_1fr_1fr] sm:items-center sm:gap-4">
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900">{name}</span>
          <span className="block truncate text-xs text-slate-600">{application.client.email}</span>
        </span>
        <span className="flex flex-wrap items-center gap-2 sm:contents">
          <span>
            <InsuranceTypeBadge type={application.insuranceType} />
          </span>
          <span className="truncate text-sm text-slate-700">{carrierLabel(application)}</span>
          <span>
            <ApplicationStatusBadge status={application.status} />
          </span>
          <span className="text-sm text-slate-600">{formatDate(application.createdAt)}</span>
        </span>
      </div>
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
    </Link>
  )
}
