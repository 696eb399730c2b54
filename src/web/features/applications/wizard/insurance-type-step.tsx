import * as RadioGroupPrimitive from '@radix-ui/react-radio-group'
import { Building2, Car, HeartPulse, House, type LucideIcon, Shield } from 'lucide-react'
import { Controller } from 'react-hook-form'
import { INSURANCE_TYPES, type InsuranceType } from '#shared/domain/insurance-types.ts'
import { INSURANCE_TYPE_LABELS } from '#web/components/insurance-type-badge.tsx'
import { cn } from '#web/lib/cn.ts'
import type { WizardForm } from './wizard-field.tsx'

const CHOICES: Record<InsuranceType, { icon: LucideIcon; description: string }> = {
  auto: { icon: Car, description: 'Cars, trucks and motorcycles' },
  property: { icon: House, description: 'Homes, condos and rentals' },
  life: { icon: Shield, description: 'Term, whole and universal life' },
  commercial: { icon: Building2, description: 'Business liability and property' },
  healthcare: { icon: HeartPulse, description: 'Medical, dental and prescriptions' },
}

/** Step 1: the five types as large choices (one radio group, arrow keys move between them). */
export function InsuranceTypeStep({ form }: { form: WizardForm }) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-base font-semibold text-slate-900">Choose the insurance type</legend>
      <Controller
        control={form.control}
        name="insuranceType"
        render={({ field }) => (
          <RadioGroupPrimitive.Root
            aria-label="Insurance type"
            value={field.value}
            onValueChange={field.onChange}
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          >
            {INSURANCE_TYPES.map((type) => {
              const { icon: Icon, description } = CHOICES[type]
              return (
                <RadioGroupPrimitive.Item
                  key={type}
                  value={type}
                  aria-label={INSURANCE_TYPE_LABELS[type]}
                  className={cn(
                    'flex min-h-20 items-center gap-3 rounded-lg border-2 border-slate-200 bg-white p-4 text-left transition-colors',
                    'hover:border-violet-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700',
                    'data-[state=checked]:border-violet-700 data-[state=checked]:bg-violet-50',
                  )}
                >
                  <span className="rounded-full bg-violet-100 p-2.5 text-violet-800">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <span className="grid gap-0.5">
                    <span className="font-semibold text-slate-900">{INSURANCE_TYPE_LABELS[type]}</span>
                    <span className="text-sm text-slate-600">{description}</span>
                  </span>
                </RadioGroupPrimitive.Item>
              )
            })}
          </RadioGroupPrimitive.Root>
        )}
      />
    </fieldset>
  )
}
