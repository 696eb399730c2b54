import { Controller } from 'react-hook-form'
import { FINANCIAL_STRENGTHS } from '#shared/contracts/carriers.contract.ts'
import { SLIDERS } from '#shared/domain/carrier-matching.ts'
import { Checkbox } from '#web/components/checkbox.tsx'
import { Label } from '#web/components/label.tsx'
import { Slider } from '#web/components/slider.tsx'
import type { WizardForm } from './wizard-field.tsx'

export function maxPriceLabel(value: number): string {
  return value >= SLIDERS.maxPrice.max ? `$${SLIDERS.maxPrice.max}+` : `$${value}`
}

const SLIDER_ROWS = [
  {
    name: 'maxPrice',
    label: 'Maximum monthly price',
    range: SLIDERS.maxPrice,
    show: maxPriceLabel,
    ends: [`$${SLIDERS.maxPrice.min}`, `$${SLIDERS.maxPrice.max}+`],
  },
  {
    name: 'minCoverageRating',
    label: 'Minimum coverage rating',
    range: SLIDERS.minCoverageRating,
    show: (value: number) => `${value} out of 5`,
    ends: ['1', '5'],
  },
  {
    name: 'minConsumerConfidence',
    label: 'Minimum consumer confidence',
    range: SLIDERS.minConsumerConfidence,
    show: (value: number) => `${value.toFixed(1)} out of 5`,
    ends: ['1.0', '5.0'],
  },
] as const

/** Filtered submission: three sliders and the preferred financial strengths. */
export function CarrierFilterControls({ form }: { form: WizardForm }) {
  return (
    <div className="grid gap-5">
      {SLIDER_ROWS.map(({ name, label, range, show, ends }) => (
        <Controller
          key={name}
          control={form.control}
          name={`carrierFilters.${name}`}
          render={({ field }) => (
            <div className="grid gap-1">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={`wizard-${name}`}>{label}</Label>
                <output htmlFor={`wizard-${name}`} className="text-sm font-semibold text-violet-800">
                  {show(field.value)}
                </output>
              </div>
              <Slider
                id={`wizard-${name}`}
                min={range.min}
                max={range.max}
                step={range.step}
                value={field.value}
                valueText={show(field.value)}
                onValueChange={(value) => field.onChange(Math.round(value * 10) / 10)}
              />
              <div aria-hidden="true" className="flex justify-between text-xs text-slate-600">
                <span>{ends[0]}</span>
                <span>{ends[1]}</span>
              </div>
            </div>
          )}
        />
      ))}
      <Controller
        control={form.control}
        name="carrierFilters.preferredFinancialStrength"
        render={({ field }) => (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">Preferred financial strength</legend>
            <div className="grid grid-cols-3 gap-x-4 sm:grid-cols-7">
              {FINANCIAL_STRENGTHS.map((rating) => (
                <Checkbox
                  key={rating}
                  id={`wizard-strength-${rating.replaceAll('+', 'plus').replace('-', 'minus')}`}
                  label={rating}
                  checked={field.value.includes(rating)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? [...field.value, rating]
                        : field.value.filter((r) => r !== rating),
                    )
                  }
                />
              ))}
            </div>
          </fieldset>
        )}
      />
    </div>
  )
}
