import { ChevronRight } from 'lucide-react'
import type { FormEvent } from 'react'
import { BULK_COVERAGE_CHOICES } from '#shared/contracts/bulk-submission.contract.ts'
import { INSURANCE_TYPES } from '#shared/domain/insurance-types.ts'
import { SMOKING_STATUSES, URGENCIES } from '#shared/domain/recommendations.ts'
import { US_STATES } from '#shared/domain/us-states.ts'
import { Button } from '#web/components/button.tsx'
import { Field } from '#web/components/field.tsx'
import { Input } from '#web/components/input.tsx'
import { INSURANCE_TYPE_LABELS } from '#web/components/insurance-type-badge.tsx'
import { Select } from '#web/components/select.tsx'
import { coverageLabel, SMOKING_LABELS, URGENCY_LABELS } from './bulk-messages.ts'
import type { ProfileErrors, ProfileField, ProfileValues } from './profile-values.ts'
import { StageFooter } from './stage-indicator.tsx'

const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${code} - ${name}` }))
const SMOKING_OPTIONS = SMOKING_STATUSES.map((value) => ({ value, label: SMOKING_LABELS[value] }))
const URGENCY_OPTIONS = URGENCIES.map((value) => ({ value, label: URGENCY_LABELS[value] }))
const TYPE_OPTIONS = INSURANCE_TYPES.map((value) => ({ value, label: INSURANCE_TYPE_LABELS[value] }))
const COVERAGE_OPTIONS = BULK_COVERAGE_CHOICES.map((amount, index) => ({
  value: String(amount),
  label: coverageLabel(amount, index === BULK_COVERAGE_CHOICES.length - 1),
}))

interface ProfileStageProps {
  values: ProfileValues
  errors: ProfileErrors
  onChange: (field: ProfileField, value: string) => void
  onSubmit: () => void
  onCancel: () => void
}

/** Spec §3: the client profile and the coverage requirements the recommendations are made for. */
export function ProfileStage({ values, errors, onChange, onSubmit, onCancel }: ProfileStageProps) {
  const input = (name: ProfileField, label: string, props: { inputMode?: 'numeric'; hint?: string } = {}) => (
    <Field id={`bulk-${name}`} label={label} error={errors[name]} hint={props.hint}>
      {(control) => (
        <Input
          {...control}
          inputMode={props.inputMode}
          value={values[name]}
          onChange={(event) => onChange(name, event.target.value)}
        />
      )}
    </Field>
  )
  const select = (
    name: ProfileField,
    label: string,
    options: readonly { value: string; label: string }[],
    placeholder?: string,
  ) => (
    <Field id={`bulk-${name}`} label={label} error={errors[name]}>
      {(control) => (
        <Select
          {...control}
          options={options}
          placeholder={placeholder}
          value={values[name]}
          onChange={(event) => onChange(name, event.target.value)}
        />
      )}
    </Field>
  )

  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit()
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Client profile">
      <div className="grid gap-6 p-4 sm:p-6">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 font-semibold text-slate-900">Client profile</legend>
          {input('age', 'Age', { inputMode: 'numeric' })}
          {input('creditScore', 'Credit score (optional)', { inputMode: 'numeric', hint: '300 to 850' })}
          {select('state', 'State', STATE_OPTIONS, 'Choose a state')}
          {input('zipCode', 'ZIP code', { inputMode: 'numeric' })}
          {input('yearsInsured', 'Years insured', { inputMode: 'numeric' })}
          {input('claimsHistory', 'Claims filed', { inputMode: 'numeric' })}
          {select('smokingStatus', 'Smoking status', SMOKING_OPTIONS)}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 font-semibold text-slate-900">Coverage requirements</legend>
          {select('insuranceType', 'Insurance type', TYPE_OPTIONS)}
          {select('coverageAmount', 'Coverage amount', COVERAGE_OPTIONS)}
          {select('urgency', 'Urgency', URGENCY_OPTIONS)}
        </fieldset>
      </div>
      <StageFooter>
        <Button variant="outline" className="mr-auto" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">
          Get Recommendations
          <ChevronRight aria-hidden="true" />
        </Button>
      </StageFooter>
    </form>
  )
}
