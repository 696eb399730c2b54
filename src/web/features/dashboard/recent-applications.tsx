import { useQuery } from '@tanstack/react-query'
import { Eye, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import type { ApplicationListItem } from '#shared/contracts/applications.contract.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { ApplicationStatusBadge } from '#web/components/application-status-badge.tsx'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Card, CardHeader, CardTitle } from '#web/components/card.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { recentApplicationsQuery } from '#web/features/applications/applications.queries.ts'
import { formatDate } from '#web/lib/format.ts'

function carrierCell(application: ApplicationListItem): string {
  if (application.carrier) return application.carrier.name
  return `${application.carrierCount} ${application.carrierCount === 1 ? 'carrier' : 'carriers'}`
}

/** Spec part 1 §2: the five most recent applications, with 'Smart Submit' when a handler is supplied. */
export function RecentApplications({
  onBulkSubmit,
}: {
  onBulkSubmit?: (application: ApplicationListItem) => void
}) {
  // A failed panel says so in place: the rest of the dashboard stays useful.
  const { data, isError } = useQuery(recentApplicationsQuery)
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Recent Applications</CardTitle>
        <Link to="/applications" className={buttonClasses('outline', 'sm')}>
          View All
        </Link>
      </CardHeader>
      {isError ? (
        <p className="px-6 pb-6 text-sm text-slate-600">Recent applications could not be loaded.</p>
      ) : !data ? (
        <TableSkeleton />
      ) : data.length === 0 ? (
        <p className="px-6 pb-6 text-sm text-slate-600">{APPLICATION_TEXTS.emptyDashboard}</p>
      ) : (
        <DataTable
          look="flush"
          label="Recent Applications"
          labelAs="aria-label"
          columns={recentColumns(onBulkSubmit)}
          rows={data}
          rowKey={(application) => application.id}
          className="pb-2"
        />
      )}
    </Card>
  )
}

/**
 * About as tall as the table of five (measured in Chromium: rows of 61 px on a wide screen, 69 px
 * on a phone where carrier names wrap), so the panels below do not jump when the applications
 * arrive (a layout shift Lighthouse counted against the dashboard).
 */
function TableSkeleton() {
  return (
    <div role="status" className="grid gap-[9px] px-6 pb-2">
      <span className="sr-only">Loading applications</span>
      <Skeleton className="h-[34px]" />
      {[1, 2, 3, 4, 5].map((row) => (
        <Skeleton key={row} className="h-[60px] lg:h-[52px]" />
      ))}
    </div>
  )
}

function recentColumns(
  onBulkSubmit?: (application: ApplicationListItem) => void,
): DataColumn<ApplicationListItem>[] {
  return [
    { key: 'client', header: 'Client', cell: (application) => <ClientCell application={application} /> },
    {
      key: 'type',
      header: 'Type',
      cell: (application) => <InsuranceTypeBadge type={application.insuranceType} />,
    },
    // Carrier names run long: they wrap, so the actions stay in view beside the menu.
    {
      key: 'carrier',
      header: 'Carrier',
      cell: carrierCell,
      cellClassName: 'min-w-36 whitespace-normal text-slate-700',
    },
    {
      key: 'status',
      header: 'Status',
      cell: (application) => <ApplicationStatusBadge status={application.status} />,
    },
    {
      key: 'date',
      header: 'Date',
      cell: (application) => formatDate(application.createdAt),
      cellClassName: 'whitespace-nowrap text-slate-600',
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (application) => <RowActions application={application} onBulkSubmit={onBulkSubmit} />,
    },
  ]
}

const nameOf = (application: ApplicationListItem) =>
  `${application.client.firstName} ${application.client.lastName}`

function ClientCell({ application }: { application: ApplicationListItem }) {
  const { firstName, lastName } = application.client
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-violet-100 text-xs font-semibold text-violet-800"
      >
        {`${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase()}
      </span>
      <span className="font-medium text-slate-900">{nameOf(application)}</span>
    </span>
  )
}

function RowActions({
  application,
  onBulkSubmit,
}: {
  application: ApplicationListItem
  onBulkSubmit?: (application: ApplicationListItem) => void
}) {
  const name = nameOf(application)
  return (
    <span className="flex items-center gap-1">
      <Link
        to={`/applications/${application.id}`}
        aria-label={`View application for ${name}`}
        className={buttonClasses('ghost', 'sm')}
      >
        <Eye aria-hidden="true" />
        <span className="sr-only 2xl:not-sr-only">View</span>
      </Link>
      {onBulkSubmit && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`${BULK_TEXTS.smartSubmit} for ${name}`}
          onClick={() => onBulkSubmit(application)}
        >
          <Sparkles aria-hidden="true" />
          {BULK_TEXTS.smartSubmit}
        </Button>
      )}
    </span>
  )
}
