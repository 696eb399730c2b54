import { useQuery } from '@tanstack/react-query'
import { Controller, type UseFormReturn } from 'react-hook-form'
import { Button } from '#web/components/button.tsx'
import { RadioGroup, RadioGroupItem } from '#web/components/radio-group.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { FALLBACK_PLANS, plansQuery } from '#web/features/billing/billing.queries.ts'
import { cn } from '#web/lib/cn.ts'
import { formatCount, formatPrice } from '#web/lib/format.ts'
import type { SignupFormOutput, SignupFormValues } from './signup-form.ts'

interface SignupPlanStepProps {
  form: UseFormReturn<SignupFormValues, unknown, SignupFormOutput>
  creating: boolean
  onBack: () => void
  onCreate: () => void
}

export function SignupPlanStep({ form, creating, onBack, onCreate }: SignupPlanStepProps) {
  const { data, isPending } = useQuery(plansQuery)
  // Spec part 2 §7: the built-in list stands in when the server answers none.
  const plans = data?.length ? data : FALLBACK_PLANS
  if (isPending) return <Spinner label="Loading plans" className="justify-center p-6" />
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault()
        onCreate()
      }}
    >
      <Controller
        control={form.control}
        name="selectedPlan"
        render={({ field }) => (
          <RadioGroup aria-label="Plan" value={field.value} onValueChange={field.onChange} className="gap-2">
            {plans.map((plan) => (
              <label
                key={plan.code}
                htmlFor={`plan-${plan.code}`}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md border p-3 transition-colors',
                  field.value === plan.code
                    ? 'border-violet-700 bg-violet-50'
                    : 'border-slate-200 hover:bg-slate-50',
                )}
              >
                <RadioGroupItem id={`plan-${plan.code}`} value={plan.code} />
                <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium text-slate-900">{plan.name}</span>
                  <span className="text-sm text-slate-900">
                    <span className="font-semibold">{formatPrice(plan.monthlyPrice)}</span> / month
                  </span>
                  <span className="w-full text-sm text-slate-600">
                    {formatCount(plan.monthlyApplicationLimit)} applications per month
                  </span>
                </span>
              </label>
            ))}
          </RadioGroup>
        )}
      />
      <div className="grid grid-cols-2 gap-3">
        <Button variant="outline" size="lg" onClick={onBack} disabled={creating}>
          Back
        </Button>
        <Button type="submit" size="lg" disabled={creating}>
          {creating ? 'Creating...' : 'Create Account'}
        </Button>
      </div>
    </form>
  )
}
