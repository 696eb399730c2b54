import { useQuery } from '@tanstack/react-query'
import { FileText } from 'lucide-react'
import { Link } from 'react-router'
import type { listApplicationsCall } from '#shared/contracts/applications.contract.ts'
import { routeOf } from '#shared/contracts/call.ts'
import { ApplicationStatusBadge } from '#web/components/application-status-badge.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { callApi } from '#web/lib/api.ts'
import { formatDate } from '#web/lib/format.ts'
import { applicationCountLabel } from './client-card.tsx'

const listApplicationsRoute = routeOf<typeof listApplicationsCall>('GET', '/api/applications')

export const NO_APPLICATIONS = 'No applications yet.'
const SHOWN = 20

/** The client's applications, newest first, each opening its detail page. */
export function ClientApplications({ clientId, count }: { clientId: string; count: number }) {
  const applications = useQuery({
    queryKey: ['applications', 'list', { clientId, limit: SHOWN }],
    queryFn: ({ signal }) => callApi(listApplicationsRoute, { query: { clientId, limit: SHOWN }, signal }),
    enabled: count > 0,
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Applications</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <FileText aria-hidden="true" className="size-4 text-slate-500" />
          {count === 0 ? NO_APPLICATIONS : applicationCountLabel(count)}
        </p>
        {applications.isLoading && <Spinner label="Loading applications" />}
        {applications.data && applications.data.data.length > 0 && (
          <ul className="mt-3 divide-y divide-slate-200">
            {applications.data.data.map((application) => (
              <li key={application.id} className="flex flex-wrap items-center gap-3 py-2">
                <InsuranceTypeBadge type={application.insuranceType} />
                <ApplicationStatusBadge status={application.status} />
                <span className="text-sm text-slate-600">{formatDate(application.createdAt)}</span>
                <span className="text-sm text-slate-600">
                  {application.carrier?.name ?? `${application.carrierCount} carriers`}
                </span>
                <Link
                  to={`/applications/${application.id}`}
                  className="ml-auto inline-flex min-h-11 items-center text-sm font-medium text-violet-700 underline-offset-2 hover:underline"
                >
                  View<span className="sr-only"> {application.insuranceType} application</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
