import type { UseFormReturn } from 'react-hook-form'
import {
  MAX_AT_RISK_PERCENT,
  BOOK_SETTINGS_TEXTS as T,
} from '#shared/contracts/policies-book-settings.contract.ts'
import { MILESTONE_LABELS } from '#shared/contracts/renewals-texts.ts'
import { MAX_HORIZON_DAYS, MILESTONES, type Milestone } from '#shared/domain/renewal-pipeline.ts'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { Select } from '#web/components/select.tsx'

/** The Book tab's form: every number as typed, sent as numbers for the server to judge. */
export interface BookForm {
  reinstatementWindowDays: string
  renewalHorizonDays: string
  renewalMilestoneDays: Record<Milestone, string>
  renewalAtRiskPercent: string
  renewalAtRiskDollars: string
  timeZone: string
}

/** The runtime's IANA zones, and the agency's own if the runtime lists it under another name. */
function timeZoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone')
  return [...(zones.includes(current) ? [] : [current]), ...zones].map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' '),
  }))
}

/** The renewal pipeline's settings: horizon, milestones, at-risk threshold and the agency's time zone. */
export function RenewalSettingsFields({ form }: { form: UseFormReturn<BookForm> }) {
  const { errors } = form.formState
  const dayInput = {
    type: 'number',
    inputMode: 'numeric',
    min: 1,
    max: MAX_HORIZON_DAYS,
    className: 'w-28',
  } as const
  return (
    <section aria-labelledby="book-renewals-title" className="grid gap-4 border-t border-slate-200 pt-5">
      <div>
        <h3 id="book-renewals-title" className="text-base font-semibold text-slate-900">
          {T.renewalsTitle}
        </h3>
        <p className="text-sm text-slate-600">{T.renewalsDescription}</p>
      </div>
      <Field
        id="book-renewal-horizon"
        label={T.horizonLabel}
        hint={T.horizonHint}
        error={errors.renewalHorizonDays?.message}
      >
        {(control) => <Input {...control} {...dayInput} {...form.register('renewalHorizonDays')} />}
      </Field>
      <fieldset className="grid gap-3" aria-describedby="book-milestones-hint">
        <legend className="text-sm font-medium text-slate-900">{T.milestonesLegend}</legend>
        <p id="book-milestones-hint" className="text-xs text-slate-600">
          {T.milestonesHint}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {MILESTONES.map((milestone) => (
            <Field
              key={milestone}
              id={`book-milestone-${milestone}`}
              label={MILESTONE_LABELS[milestone]}
              error={errors.renewalMilestoneDays?.[milestone]?.message}
            >
              {(control) => (
                <Input {...control} {...dayInput} {...form.register(`renewalMilestoneDays.${milestone}`)} />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="book-at-risk-percent"
          label={T.atRiskPercentLabel}
          hint={T.atRiskHint}
          error={errors.renewalAtRiskPercent?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_AT_RISK_PERCENT}
              className="w-28"
              {...form.register('renewalAtRiskPercent')}
            />
          )}
        </Field>
        <Field
          id="book-at-risk-dollars"
          label={T.atRiskDollarsLabel}
          error={errors.renewalAtRiskDollars?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              className="w-36"
              {...form.register('renewalAtRiskDollars')}
            />
          )}
        </Field>
      </div>
      <Field
        id="book-time-zone"
        label={T.timeZoneLabel}
        hint={T.timeZoneHint}
        error={errors.timeZone?.message}
      >
        {(control) => (
          <Select
            {...control}
            className="sm:w-80"
            options={timeZoneOptions(form.getValues('timeZone'))}
            {...form.register('timeZone')}
          />
        )}
      </Field>
    </section>
  )
}
