import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { type ComponentType, Suspense } from 'react'
import { Link, useParams } from 'react-router'
import type { Policy } from '#shared/contracts/policies.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { INSURANCE_TYPE_LABELS } from '#web/components/insurance-type-badge.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { isApiError } from '#web/lib/api.ts'
import { policyQuery } from './policies.queries.ts'
import { PolicyActions } from './policy-actions.tsx'
import { POLICY_WORDS } from './policy-display.ts'
import { PolicyDocuments } from './policy-documents.tsx'
import { PolicyHistory } from './policy-history.tsx'
import { PolicyRenewalLink } from './policy-renewal-link.tsx'
import { PolicySummary } from './policy-summary.tsx'
import { PolicyTerms } from './policy-terms.tsx'

interface PolicyDetailsPageProps {
  /** The commissions feature's section of the policy, which the route passes in. */
  Commission?: ComponentType<{ policy: Policy }>
}

/** /policies/:id — the policy, its terms with their ledgers, its documents and history, and what can be done to it. */
export function PolicyDetailsPage({ Commission }: PolicyDetailsPageProps) {
  const { id = '' } = useParams()
  const details = useQuery({ ...policyQuery(id), throwOnError: (error) => !isMissing(error) })
  const policy = details.data
  return (
    <>
      <Link
        to="/policies"
        className="inline-flex min-h-11 items-center gap-2 justify-self-start text-sm font-medium text-violet-700 hover:underline sm:min-h-0"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Policies
      </Link>
      {policy ? (
        <>
          <PageHeader
            title={`Policy ${policy.policyNumber}`}
            subtitle={`${INSURANCE_TYPE_LABELS[policy.lineOfBusiness]} policy with ${policy.carrierName} for ${policy.insuredName}`}
          />
          <PolicyRenewalLink policyId={policy.id} />
          <PolicyActions policy={policy} />
          <PolicySummary policy={policy} />
          <PolicyTerms terms={policy.terms} />
          {Commission && (
            <Suspense fallback={null}>
              <Commission policy={policy} />
            </Suspense>
          )}
          <div className="grid min-w-0 gap-6 lg:grid-cols-2">
            <PolicyDocuments policyId={policy.id} />
            <PolicyHistory policyId={policy.id} />
          </div>
        </>
      ) : details.isError ? (
        <>
          <PageHeader title="Policy not found" />
          <Alert tone="warning">{POLICY_WORDS.notFound}</Alert>
        </>
      ) : (
        <PageSpinner />
      )}
    </>
  )
}

/** 404, or 400 for an address that is not a policy id at all. */
function isMissing(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 400)
}
