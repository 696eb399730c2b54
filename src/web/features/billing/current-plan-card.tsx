import type { CurrentSubscription } from '#shared/contracts/billing-subscription.contract.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { formatDate, formatPrice } from '#web/lib/format.ts'
import { SubscriptionStatusBadge } from './subscription-status-badge.tsx'

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{value}</dd>
    </div>
  )
}

/** Spec §2: the plan's name, its status badge, the renewal date and the trial's end. */
export function CurrentPlanCard({ subscription: s }: { subscription: CurrentSubscription }) {
  const paid = s.plan.code !== 'free'
  const period = s.plan.billingPeriod === 'yearly' ? 'year' : 'month'
  return (
    <Card>
      <CardHeader>
        <CardDescription>Current plan</CardDescription>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle className="text-2xl">{s.plan.name}</CardTitle>
          <SubscriptionStatusBadge status={s.subscriptionStatus} />
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2">
          {paid && <Row label="Price" value={`${formatPrice(s.plan.price)} per ${period}`} />}
          {paid && s.subscriptionEndsAt && (
            <Row
              label={s.cancelAtPeriodEnd ? 'Access until' : 'Renews on'}
              value={formatDate(s.subscriptionEndsAt)}
            />
          )}
          {s.pendingChange && (
            <Row
              label={`Changes to ${s.pendingChange.planName} on`}
              value={formatDate(s.pendingChange.effectiveAt)}
            />
          )}
          {s.trialEndsAt && <Row label="Trial ends" value={formatDate(s.trialEndsAt)} />}
          {!paid && <Row label="Price" value="Free" />}
        </dl>
      </CardContent>
    </Card>
  )
}
