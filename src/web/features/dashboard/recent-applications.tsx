import { useQuery } from '@tanstack/react-query'
import { Eye, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import type { ApplicationListItem } from '#shared/contracts/applications.contract.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { ApplicationStatusBadge } from '#web/components/application-status-badge.tsx'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Card, CardHeader, CardTitle } from '#web/components/card.tsx'
import { InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { recentApplicationsQuery } from '#web/features/applications/applications.queries.ts'
import { formatDate } from '#web/lib/format.ts'

function carrierCell(application: ApplicationListItem): string {
  if (application.carrier) return application.carrier.name
  return `${application.carrierCount} ${application.carrierCount === 1 ? 'carrier' : 'carriers'}`
}

const HEAD = 'px-3 py-2 first:pl-6 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const CELL = 'px-3 py-3 align-middle whitespace-nowrap first:pl-6'

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
        // relative: the table's screen-reader-only labels are placed against this box, not the page,
        // so they scroll with the table instead of widening the page on a phone.
        <div className="relative overflow-x-auto pb-2">
          <table className="w-full text-sm">
            <thead className="border-y border-slate-200 bg-slate-50">
              <tr>
                <th className={HEAD}>Client</th>
                <th className={HEAD}>Type</th>
                <th className={HEAD}>Carrier</th>
                <th className={HEAD}>Status</th>
                <th className={HEAD}>Date</th>
                <th className={HEAD}>Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {data.map((application) => (
                <RecentRow key={application.id} application={application} onBulkSubmit={onBulkSubmit} />
              ))}
            </tbody>
          </table>
        </div>
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

function RecentRow({
  application,
  onBulkSubmit,
}: {
  application: ApplicationListItem
  onBulkSubmit?: (application: ApplicationListItem) => void
}) {
  const { firstName, lastName } = application.client
  const name = `${firstName} ${lastName}`
  return (
    <tr>
      <td className={CELL}>
        <span className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-violet-100 text-xs font-semibold text-violet-800"
          >
            {`${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase()}
          </span>
          <span className="font-medium text-slate-900">{name}</span>
        </span>
      </td>
      <td className={CELL}>
        <InsuranceTypeBadge type={application.insuranceType} />
      </td>
      {/* Carrier names run long: they wrap, so the actions stay in view beside the menu. */}
      <td className={`${CELL} min-w-36 whitespace-normal text-slate-700`}>{carrierCell(application)}</td>
      <td className={CELL}>
        <ApplicationStatusBadge status={application.status} />
      </td>
      <td className={`${CELL} whitespace-nowrap text-slate-600`}>{formatDate(application.createdAt)}</td>
      <td className={CELL}>
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
      </td>
    </tr>
  )
}
