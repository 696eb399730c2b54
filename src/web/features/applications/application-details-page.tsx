import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, RefreshCw } from 'lucide-react'
import type { ComponentType, ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import type { Application } from '#shared/contracts/applications.contract.ts'
import { ApplicationStatusBadge } from '#web/components/application-status-badge.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { INSURANCE_TYPE_LABELS, InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { formatDate } from '#web/lib/format.ts'
import { ApplicationDataView } from './application-data-view.tsx'
import { applicationQuery } from './applications.queries.ts'
import { StatusActions } from './status-actions.tsx'
import { StatusHistory } from './status-history.tsx'
import { maxPriceLabel } from './wizard/carrier-filter-controls.tsx'

/** While a delivery is queued the page looks again this often. */
export const QUEUED_REFRESH_MS = 5000

const SUBMISSION_TYPE_LABELS: Record<Application['submissionType'], string> = {
  specific_carriers: 'Specific carriers',
  filtered_carriers: 'Filtered carriers',
  all_carriers: 'All carriers',
}

interface ApplicationDetailsPageProps {
  /** Each carrier's copy and what the agent can do about it: the carrier-delivery feature's list, composed in by the route. */
  SubmissionList: ComponentType<{ applicationId: string; submissions: Application['submissions'] }>
  /** What the carriers quoted, side by side, and binding one: the quotes feature's section, composed in by the route. */
  Quotes: ComponentType<{ applicationId: string; status: Application['status'] }>
}

export function ApplicationDetailsPage({ SubmissionList, Quotes }: ApplicationDetailsPageProps) {
  const { id = '' } = useParams()
  const {
    data: application,
    refetch,
    isFetching,
  } = useQuery({
    ...applicationQuery(id),
    throwOnError: true,
    // Carriers report by webhook: follow queued deliveries, and look again when the agent comes back.
    refetchInterval: (query) => (hasQueuedSubmission(query.state.data) ? QUEUED_REFRESH_MS : false),
    refetchOnWindowFocus: true,
  })
  if (!application) return <PageSpinner />
  const clientName = `${application.client.firstName} ${application.client.lastName}`
  return (
    <>
      <Link
        to="/applications"
        className="inline-flex min-h-11 items-center gap-1 justify-self-start text-sm font-medium text-violet-700 hover:underline sm:min-h-0"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Applications
      </Link>
      <PageHeader
        title="Application Details"
        subtitle={`${INSURANCE_TYPE_LABELS[application.insuranceType]} insurance for ${clientName}`}
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <Section title="Overview">
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
              <Item label="Client">
                <Link
                  to={`/clients/${application.client.id}`}
                  className="font-medium text-violet-700 hover:underline"
                >
                  {clientName}
                </Link>
              </Item>
              <Item label="Type">
                <InsuranceTypeBadge type={application.insuranceType} />
              </Item>
              <Item label="Status">
                <ApplicationStatusBadge status={application.status} />
              </Item>
              <Item label="Created">{formatDate(application.createdAt)}</Item>
              <Item label="Submission">{SUBMISSION_TYPE_LABELS[application.submissionType]}</Item>
              <Item label="Carriers">{carrierSummary(application)}</Item>
              {application.carrierFilters && (
                <Item label="Filters">{filterSummary(application.carrierFilters)}</Item>
              )}
              {application.notes && <Item label="Notes">{application.notes}</Item>}
            </dl>
          </Section>
          <Section title={`${INSURANCE_TYPE_LABELS[application.insuranceType]} details`}>
            <ApplicationDataView type={application.insuranceType} data={application.applicationData} />
          </Section>
          <Section
            title="Carrier submissions"
            action={
              <Button variant="outline" size="sm" disabled={isFetching} onClick={() => refetch()}>
                <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
                Refresh
              </Button>
            }
          >
            <SubmissionList applicationId={application.id} submissions={application.submissions} />
          </Section>
        </div>
        <div className="grid content-start gap-6">
          <Section title="Status">
            <StatusActions id={application.id} status={application.status} />
          </Section>
          <Section title="Status history">
            <StatusHistory history={application.history} />
          </Section>
        </div>
      </div>
      <Quotes applicationId={application.id} status={application.status} />
    </>
  )
}

function hasQueuedSubmission(application: Application | undefined): boolean {
  return application?.submissions.some((submission) => submission.status === 'queued') ?? false
}

/** The carriers chosen in the wizard, then how many it went to in all (Smart Submit adds more). */
function carrierSummary(application: Application): string {
  const named = [application.carrier?.name, application.secondaryCarrier?.name].filter(Boolean)
  const total = Math.max(application.carrierCount, application.submissions.length)
  const count = `${total} ${total === 1 ? 'carrier' : 'carriers'}`
  if (named.length === 0) return count
  return total > named.length
    ? `${named.join(', ')} and ${total - named.length} more (${count})`
    : named.join(', ')
}

function filterSummary(filters: NonNullable<Application['carrierFilters']>): string {
  const parts = [
    `max ${maxPriceLabel(filters.maxPrice)}/mo`,
    `coverage ≥ ${filters.minCoverageRating}`,
    `confidence ≥ ${filters.minConsumerConfidence}`,
  ]
  if (filters.preferredFinancialStrength.length > 0) parts.push(filters.preferredFinancialStrength.join(', '))
  return parts.join(' · ')
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  )
}
