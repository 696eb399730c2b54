import type { Plan } from '#shared/contracts/billing.contract.ts'
import { SUBSCRIPTION_TEXTS as T } from '#shared/contracts/billing.contract.ts'
import type { CurrentSubscription } from '#shared/contracts/billing-subscription.contract.ts'
import { type BillingPeriod, classifyPlanChange } from '#shared/domain/plans.ts'
import { Button } from '#web/components/button.tsx'

/**
 * The plan card's button (spec §2, §4): a disabled 'Current Plan' for the agency's plan in either
 * period, 'Upgrade' up the list and 'Downgrade' down it (from the period's end; to Free it is a
 * cancellation). Only an agency admin may press it.
 */
export function PlanAction({
  plan,
  period,
  subscription,
  canManage,
  busy,
  onChoose,
}: {
  plan: Plan
  period: BillingPeriod
  subscription: CurrentSubscription
  canManage: boolean
  busy: boolean
  onChoose: (plan: Plan) => void
}) {
  if (plan.code === subscription.plan.code) {
    return (
      <Button variant="outline" disabled className="w-full">
        {T.currentPlan}
      </Button>
    )
  }
  const from = {
    planCode: subscription.plan.code,
    billingPeriod: subscription.plan.code === 'free' ? null : subscription.plan.billingPeriod,
  }
  const upgrade = classifyPlanChange(from, { planCode: plan.code, billingPeriod: period }) === 'upgrade'
  const cancelled = plan.code === 'free' && subscription.cancelAtPeriodEnd
  const label = upgrade ? T.upgrade : T.downgrade
  return (
    <Button
      variant={upgrade ? 'primary' : 'outline'}
      className="w-full"
      aria-label={`${label} to ${plan.name}`}
      disabled={!canManage || busy || cancelled}
      onClick={() => onChoose(plan)}
    >
      {label}
    </Button>
  )
}
