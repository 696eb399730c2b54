import { SUBSCRIPTION_TEXTS as T } from '#shared/contracts/billing.contract.ts'
import type { CurrentSubscription } from '#shared/contracts/billing-subscription.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { formatDate } from '#web/lib/format.ts'

/** A failed payment: how long the agency has before new applications are refused. */
export function PastDueAlert({ subscription: s }: { subscription: CurrentSubscription }) {
  if (s.subscriptionStatus !== 'past_due') return null
  return (
    <Alert tone="error" title={T.pastDueTitle}>
      {s.applicationsBlocked
        ? T.pastDueBlocked
        : `${T.pastDueBanner} New applications can be created until ${s.graceEndsAt ? formatDate(s.graceEndsAt) : 'the grace period ends'}.`}
    </Alert>
  )
}
