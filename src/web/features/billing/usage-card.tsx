import { SUBSCRIPTION_TEXTS as T } from '#shared/contracts/billing.contract.ts'
import type { CurrentSubscription } from '#shared/contracts/billing-subscription.contract.ts'
import { usageNeedsUpgradeHint } from '#shared/domain/plans.ts'
import { Alert } from '#web/components/alert.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Progress } from '#web/components/progress.tsx'
import { formatCount, formatDate } from '#web/lib/format.ts'

/** Spec §2: applications used against the monthly limit, a bar, and from 80% a hint to upgrade. */
export function UsageCard({ subscription: s }: { subscription: CurrentSubscription }) {
  const used = s.applicationsUsedThisMonth
  const limit = s.monthlyApplicationLimit
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0
  return (
    <Card>
      <CardHeader>
        <CardDescription>Usage this month</CardDescription>
        <CardTitle className="text-2xl">
          {formatCount(used)} of {formatCount(limit)} applications
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Progress value={percent} label="Applications used this month" />
        <p className="text-sm text-slate-600">
          {percent}% used · counts again from {formatDate(s.usagePeriodEnd)}
        </p>
        {usageNeedsUpgradeHint(used, limit) && <Alert tone="warning">{T.usageHint}</Alert>}
      </CardContent>
    </Card>
  )
}
