import { CircleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { PAST_DUE_TEXTS as T } from '#shared/contracts/billing-texts.ts'
import { useCurrentUser } from '#web/lib/current-user.ts'

/** On every page while a payment is past due: the plan is at risk and new applications will stop. */
export function PastDueBanner() {
  const user = useCurrentUser()
  if (user.subscriptionStatus !== 'past_due') return null
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
    >
      <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        <strong>{T.pastDueTitle}.</strong> {T.pastDueBanner}
      </p>
      <Link to="/subscription" className="font-semibold underline underline-offset-4">
        Review billing
      </Link>
    </div>
  )
}
