import { SUBSCRIPTION_TEXTS as T } from '#shared/contracts/billing.contract.ts'
import type { BillingPeriod } from '#shared/domain/plans.ts'
import { Badge } from '#web/components/badge.tsx'
import { cn } from '#web/lib/cn.ts'

const LABELS: Record<BillingPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' }

/** Spec §2: monthly or yearly, the yearly choice with its 'Save 17%' badge. */
export function BillingPeriodToggle({
  value,
  onChange,
}: {
  value: BillingPeriod
  onChange: (period: BillingPeriod) => void
}) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-1 shadow-sm">
        <legend className="sr-only">Billing period</legend>
        {(['monthly', 'yearly'] as const).map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={value === period}
            onClick={() => onChange(period)}
            className={cn(
              'h-11 rounded-md px-5 text-sm font-medium transition-colors sm:h-9',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700',
              value === period ? 'bg-violet-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {LABELS[period]}
          </button>
        ))}
      </fieldset>
      <Badge tone="green">{T.saveBadge}</Badge>
    </div>
  )
}
