import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Alert } from '#web/components/alert.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDay } from '#web/lib/format.ts'
import { RenewalActions } from './renewal-actions.tsx'
import { RenewalComparison } from './renewal-comparison.tsx'
import { RenewalHistory } from './renewal-history.tsx'
import { RenewalMilestones } from './renewal-milestones.tsx'
import { RenewalSummary } from './renewal-summary.tsx'
import { fill, RENEWAL_WORDS as W } from './renewal-texts.ts'
import { renewalQuery } from './renewals.queries.ts'

/**
 * /renewals/:id — one renewal: its policy and client, where it stands against its milestones, who
 * works it, the offer beside the remarketed quotes with Renew on each, and its history.
 */
export function RenewalPage() {
  const { id = '' } = useParams()
  const details = useQuery({ ...renewalQuery(id), throwOnError: (error) => !isMissing(error) })
  const renewal = details.data
  return (
    <>
      <Link
        to="/renewals"
        className="inline-flex min-h-11 items-center gap-2 justify-self-start text-sm font-medium text-violet-700 hover:underline sm:min-h-0"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {W.back}
      </Link>
      {renewal ? (
        <>
          <PageHeader
            title={fill(W.titleOf, { policyNumber: renewal.policyNumber })}
            subtitle={fill(W.subtitleOf, {
              carrier: renewal.carrierName,
              insured: renewal.insuredName,
              date: formatDay(renewal.expirationDate),
            })}
          />
          <RenewalActions renewal={renewal} />
          <RenewalSummary renewal={renewal} />
          <RenewalMilestones renewal={renewal} />
          <RenewalComparison renewal={renewal} />
          <RenewalHistory history={renewal.history} />
        </>
      ) : details.isError ? (
        <>
          <PageHeader title={W.notFoundTitle} />
          <Alert tone="warning">{W.notFound}</Alert>
        </>
      ) : (
        <PageSpinner />
      )}
    </>
  )
}

/** 404, or 400 for an address that is not a renewal id at all. */
function isMissing(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 400)
}
