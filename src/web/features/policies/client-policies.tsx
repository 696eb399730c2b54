import { useQuery } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { CLIENT_POLICIES_SHOWN, clientPoliciesQuery } from './policies.queries.ts'
import { formatMoney, formatTerm, POLICY_WORDS } from './policy-display.ts'
import { PolicyStatusBadge } from './policy-status-badge.tsx'

/** The client's page: their policies, newest first, each opening its own page. */
export function ClientPolicies({ clientId }: { clientId: string }) {
  const policies = useQuery(clientPoliciesQuery(clientId))
  const list = policies.data?.policies ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>Policies</CardTitle>
      </CardHeader>
      <CardContent>
        {policies.isPending ? (
          <Spinner label="Loading policies" />
        ) : policies.isError ? (
          <p className="text-sm text-red-700">The policies could not be loaded.</p>
        ) : list.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <ShieldCheck aria-hidden="true" className="size-4 text-slate-500" />
            {POLICY_WORDS.noClientPolicies}
          </p>
        ) : (
          <ul aria-label="Client policies" className="divide-y divide-slate-200">
            {list.map((policy) => (
              <li key={policy.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <Link
                  to={`/policies/${policy.id}`}
                  className="inline-flex min-h-11 items-center font-medium text-violet-700 underline-offset-2 hover:underline sm:min-h-0"
                >
                  {policy.policyNumber}
                </Link>
                <InsuranceTypeBadge type={policy.lineOfBusiness} />
                <PolicyStatusBadge status={policy.status} />
                <span className="text-sm text-slate-700">{policy.carrierName}</span>
                <span className="text-sm text-slate-600">{formatTerm(policy)}</span>
                <span className="ml-auto text-sm font-medium tabular-nums text-slate-900">
                  {formatMoney(policy.annualPremium)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {policies.data?.nextCursor && (
          <p className="mt-2 text-sm text-slate-600">
            The {CLIENT_POLICIES_SHOWN} newest are shown; search the{' '}
            <Link
              to={`/policies?q=${encodeURIComponent(list[0]?.insuredName ?? '')}`}
              className="font-medium text-violet-700 hover:underline"
            >
              policies list
            </Link>{' '}
            for the rest.
          </p>
        )}
      </CardContent>
    </Card>
  )
}
