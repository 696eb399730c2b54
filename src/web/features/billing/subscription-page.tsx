import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type Plan, SUBSCRIPTION_TEXTS as T } from '#shared/contracts/billing.contract.ts'
import type { CurrentSubscription } from '#shared/contracts/billing-subscription.contract.ts'
import { type BillingPeriod, classifyPlanChange } from '#shared/domain/plans.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { Alert } from '#web/components/alert.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { FALLBACK_PLANS, plansQuery } from './billing.queries.ts'
import { BillingHistory } from './billing-history.tsx'
import { BillingPeriodToggle } from './billing-period-toggle.tsx'
import { CancelCard } from './cancel-card.tsx'
import { CurrentPlanCard } from './current-plan-card.tsx'
import { DowngradeDialog } from './downgrade-dialog.tsx'
import { PastDueAlert } from './past-due-alert.tsx'
import { PlanAction } from './plan-action.tsx'
import { currentSubscriptionQuery, useChangePlan } from './plan-change.queries.ts'
import { PlanGrid } from './plan-grid.tsx'
import { UsageCard } from './usage-card.tsx'

/** Spec §2 'Subscription and Billing' (signed in): plan, usage, plan grid, cancellation, invoices. */
export function SubscriptionPage() {
  const { data, error } = useQuery(currentSubscriptionQuery)
  if (error) throw error
  return (
    <>
      <PageHeader title={T.title} subtitle="Your agency's plan, usage and invoices" />
      {data ? (
        <Billing subscription={data} />
      ) : (
        <Spinner label={T.loadingPlans} className="justify-self-center" />
      )}
    </>
  )
}

function Billing({ subscription }: { subscription: CurrentSubscription }) {
  const user = useCurrentUser()
  const canManage = isAgencyAdmin(user.role)
  const [period, setPeriod] = useState<BillingPeriod>(
    subscription.plan.code === 'free' ? 'monthly' : subscription.plan.billingPeriod,
  )
  const [downgradeTo, setDowngradeTo] = useState<Plan | null>(null)
  const plans = useQuery(plansQuery).data ?? FALLBACK_PLANS
  const change = useChangePlan()
  const from = {
    planCode: subscription.plan.code,
    billingPeriod: subscription.plan.code === 'free' ? null : subscription.plan.billingPeriod,
  }
  const choose = (plan: Plan) => {
    const kind = classifyPlanChange(from, { planCode: plan.code, billingPeriod: period })
    if (kind === 'upgrade') change.mutate({ planCode: plan.code, billingPeriod: period })
    else setDowngradeTo(plan)
  }
  return (
    <>
      {subscription.testMode && <Alert tone="warning">{T.testModeBanner}</Alert>}
      <PastDueAlert subscription={subscription} />
      <div className="grid gap-6 md:grid-cols-2">
        <CurrentPlanCard subscription={subscription} />
        <UsageCard subscription={subscription} />
      </div>
      <section aria-labelledby="plans-heading" className="grid gap-4">
        <h2 id="plans-heading" className="text-xl font-semibold text-slate-900">
          Plans
        </h2>
        {!canManage && <p className="text-sm text-slate-600">{T.onlyAdmins}</p>}
        <BillingPeriodToggle value={period} onChange={setPeriod} />
        <PlanGrid
          plans={plans}
          period={period}
          highlight={subscription.plan.code}
          action={(plan) => (
            <PlanAction
              plan={plan}
              period={period}
              subscription={subscription}
              canManage={canManage}
              busy={change.isPending}
              onChoose={choose}
            />
          )}
        />
      </section>
      {subscription.plan.code !== 'free' && <CancelCard subscription={subscription} canManage={canManage} />}
      <BillingHistory />
      <DowngradeDialog
        plan={downgradeTo}
        currentPlanName={subscription.plan.name}
        effectiveAt={subscription.subscriptionEndsAt}
        busy={change.isPending}
        onClose={() => setDowngradeTo(null)}
        onConfirm={(plan) =>
          change.mutate(
            { planCode: plan.code, billingPeriod: period },
            { onSettled: () => setDowngradeTo(null) },
          )
        }
      />
    </>
  )
}
