import type { PlanCode } from '#shared/domain/plans.ts'
import { getPlan } from '#shared/domain/plans.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { useStartCheckoutMutation } from '#web/features/billing/billing.queries.ts'
import { formatCount, formatPrice } from '#web/lib/format.ts'

/** The account exists; a paid plan now needs its payment set up with the provider. */
export function SignupPaymentStep({ planCode }: { planCode: PlanCode }) {
  const checkout = useStartCheckoutMutation()
  const plan = getPlan(planCode)
  if (!plan) return null
  return (
    <div className="grid gap-5">
      <Alert tone="info">Your account is created. Set up payment to start your {plan.name} plan.</Alert>
      <div className="rounded-md border border-violet-200 bg-violet-50 p-4">
        <p className="text-sm text-slate-700">Selected plan</p>
        <p className="text-lg font-semibold text-slate-900">{plan.name}</p>
        <p className="text-slate-900">
          <span className="text-2xl font-bold">{formatPrice(plan.monthlyPriceCents / 100)}</span> / month
        </p>
        <p className="text-sm text-slate-600">
          {formatCount(plan.monthlyApplicationLimit)} applications per month
        </p>
      </div>
      <Button size="lg" disabled={checkout.isPending} onClick={() => checkout.mutate(plan.code)}>
        {checkout.isPending ? 'Redirecting...' : 'Setup Payment'}
      </Button>
    </div>
  )
}
