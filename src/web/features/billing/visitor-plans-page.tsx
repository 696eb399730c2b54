import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { SUBSCRIPTION_TEXTS as T } from '#shared/contracts/billing.contract.ts'
import type { BillingPeriod } from '#shared/domain/plans.ts'
import { buttonClasses } from '#web/components/button.tsx'
import { CenteredPage } from '#web/layout/centered-page.tsx'
import { cn } from '#web/lib/cn.ts'
import { FALLBACK_PLANS, plansQuery } from './billing.queries.ts'
import { BillingPeriodToggle } from './billing-period-toggle.tsx'
import { PlanGrid } from './plan-grid.tsx'

/**
 * Spec §2 'Subscription plans' for a visitor (nobody signed in) at /subscription: the five plans
 * in either period, each with 'Get Started' to sign up.
 */
export function VisitorPlansPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly')
  const plans = useQuery(plansQuery).data ?? FALLBACK_PLANS
  return (
    <CenteredPage className="grid max-w-7xl gap-6">
      <title>{T.visitorHeading}</title>
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{T.visitorHeading}</h1>
        <p className="text-slate-600">
          Every plan includes a monthly allowance of applications. Change or cancel at any time.
        </p>
      </header>
      <BillingPeriodToggle value={period} onChange={setPeriod} />
      <PlanGrid
        wide
        plans={plans}
        period={period}
        action={(plan) => (
          <Link
            to="/signup"
            aria-label={`${T.getStarted} with ${plan.name}`}
            className={cn(buttonClasses(plan.code === 'professional' ? 'primary' : 'outline'), 'w-full')}
          >
            {T.getStarted}
          </Link>
        )}
      />
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-violet-700 underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </CenteredPage>
  )
}
