import { useQuery } from '@tanstack/react-query'
import { RefreshCw } from 'lucide-react'
import { Link } from 'react-router'
import { RENEWAL_STAGE_LABELS } from '#shared/contracts/renewals-texts.ts'
import { openRenewalQuery } from '#web/features/renewals/renewals.queries.ts'
import { POLICY_WORDS } from './policy-display.ts'

/** The policy's open renewal, when it has one: where its next term is being worked. */
export function PolicyRenewalLink({ policyId }: { policyId: string }) {
  const renewal = useQuery(openRenewalQuery(policyId)).data
  if (!renewal) return null
  return (
    <Link
      to={`/renewals/${renewal.id}`}
      className="inline-flex min-h-11 items-center gap-2 justify-self-start text-sm font-medium text-violet-700 hover:underline sm:min-h-0"
    >
      <RefreshCw aria-hidden="true" className="size-4" />
      {POLICY_WORDS.renewalLink.replace('{stage}', RENEWAL_STAGE_LABELS[renewal.stage])}
    </Link>
  )
}
