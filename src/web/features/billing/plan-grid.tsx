import { Check } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Plan } from '#shared/contracts/billing.contract.ts'
import type { BillingPeriod } from '#shared/domain/plans.ts'
import { Card } from '#web/components/card.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatCents, formatCount, formatPrice } from '#web/lib/format.ts'

/** Spec §2: the per-month price; yearly shows the yearly price divided by 12 and 'Billed $X yearly'. */
function PlanPrice({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const yearly = Number(plan.yearlyPrice)
  const perMonth = period === 'yearly' ? yearly / 12 : Number(plan.monthlyPrice)
  return (
    <div>
      <p className="text-slate-900">
        {/* A yearly price's twelfth keeps its cents: $299.99 a year is $25.00 a month. */}
        <span className="text-3xl font-bold">
          {period === 'yearly' && yearly > 0 ? formatCents(perMonth) : formatPrice(perMonth)}
        </span>
        <span className="text-sm text-slate-600"> /month</span>
      </p>
      {period === 'yearly' && yearly > 0 && (
        <p className="text-sm text-slate-600">Billed {formatPrice(yearly)} yearly</p>
      )}
    </div>
  )
}

/**
 * The plans side by side (five columns on large screens): name, price, monthly application limit,
 * features, and the action the screen gives each plan.
 */
export function PlanGrid({
  plans,
  period,
  highlight,
  action,
  wide = false,
}: {
  plans: Plan[]
  /** Without the side menu (the visitors' page) five columns fit from the large breakpoint. */
  wide?: boolean
  period: BillingPeriod
  /** The plan shown as the agency's own. */
  highlight?: string
  action: (plan: Plan) => ReactNode
}) {
  return (
    <ul
      aria-label="Plans"
      className={cn('grid gap-4 sm:grid-cols-2', wide ? 'lg:grid-cols-5' : 'lg:grid-cols-3 xl:grid-cols-5')}
    >
      {plans.map((plan) => (
        <li key={plan.code} className="flex">
          <Card
            className={cn(
              'flex w-full flex-col gap-4 p-5',
              highlight === plan.code && 'border-violet-600 ring-2 ring-violet-600',
            )}
          >
            <div className="grid gap-2">
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <PlanPrice plan={plan} period={period} />
              <p className="text-sm font-medium text-violet-800">
                {formatCount(plan.monthlyApplicationLimit)} applications/month
              </p>
            </div>
            <ul className="grid flex-1 content-start gap-2 text-sm text-slate-700">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                  {feature}
                </li>
              ))}
            </ul>
            {action(plan)}
          </Card>
        </li>
      ))}
    </ul>
  )
}
