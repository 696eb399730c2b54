import { Controller } from 'react-hook-form'
import { BUDGET_RANGES, PREFERRED_COVERAGES } from '#shared/contracts/clients.contract.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { Checkbox } from '#web/components/checkbox.tsx'
import { Field } from '#web/components/field.tsx'
import { INSURANCE_TYPE_LABELS } from '#web/components/insurance-type-badge.tsx'
import { Textarea } from '#web/components/textarea.tsx'
import {
  BUDGET_RANGE_LABELS,
  COMMERCIAL_COVERAGE_TYPES,
  COVERAGE_BLOCKS,
  EXTRA_FIELDS,
  HEALTHCARE_FLAGS,
  LIFE_HEALTH_QUESTIONS,
  PREFERRED_COVERAGE_LABELS,
} from './coverage-fields.ts'
import { CoverageInput, type WizardForm, type WizardPath, WizardSelect } from './wizard-field.tsx'
import { AutoCoverageSuggestions } from './wizard-suggestions.tsx'

const SECTION = 'grid gap-4 sm:grid-cols-2'
const LEGEND = 'mb-3 text-sm font-semibold text-slate-900'

/** Step 3: the chosen type's block, the fitting extra fields, budget, coverage and notes. */
export function CoverageStep({ form, type }: { form: WizardForm; type: InsuranceType }) {
  const block = COVERAGE_BLOCKS[type]
  const extras = EXTRA_FIELDS[type] ?? []
  return (
    <div className="grid gap-6">
      <fieldset className={SECTION}>
        <legend className={LEGEND}>{INSURANCE_TYPE_LABELS[type]} details</legend>
        {block.fields.map((field) => (
          <CoverageInput
            key={field.name}
            form={form}
            field={field}
            name={`applicationData.${block.key}.${field.name}` as WizardPath}
          />
        ))}
        {extras.map((field) => (
          <CoverageInput
            key={field.name}
            form={form}
            field={field}
            name={`extras.${field.name}` as WizardPath}
          />
        ))}
        {type === 'auto' && <AutoCoverageSuggestions form={form} />}
      </fieldset>
      <TypeChoices form={form} type={type} />
      <fieldset className={SECTION}>
        <legend className={LEGEND}>Preferences</legend>
        <WizardSelect
          form={form}
          name="clientData.budgetRange"
          label="Budget range"
          options={BUDGET_RANGES.map((value) => ({ value, label: BUDGET_RANGE_LABELS[value] }))}
        />
        <WizardSelect
          form={form}
          name="clientData.preferredCoverage"
          label="Preferred coverage"
          options={PREFERRED_COVERAGES.map((value) => ({ value, label: PREFERRED_COVERAGE_LABELS[value] }))}
        />
        <Field id="wizard-notes" label="Notes (optional)" className="sm:col-span-2">
          {(control) => <Textarea {...control} rows={3} maxLength={5000} {...form.register('notes')} />}
        </Field>
      </fieldset>
    </div>
  )
}

/** The yes/no questions and coverage lists that only some types have. */
function TypeChoices({ form, type }: { form: WizardForm; type: InsuranceType }) {
  if (type === 'life') {
    return (
      <fieldset className="grid gap-1">
        <legend className={LEGEND}>Health questions</legend>
        {LIFE_HEALTH_QUESTIONS.map(([key, label]) => (
          <Checkbox
            key={key}
            id={`wizard-health-${key}`}
            label={label}
            {...form.register(`healthQuestions.${key}`)}
          />
        ))}
      </fieldset>
    )
  }
  if (type === 'healthcare') {
    return (
      <fieldset className="grid gap-1 sm:grid-cols-2">
        <legend className={LEGEND}>Additional coverage</legend>
        {HEALTHCARE_FLAGS.map(([key, label]) => (
          <Checkbox key={key} id={`wizard-flag-${key}`} label={label} {...form.register(`flags.${key}`)} />
        ))}
      </fieldset>
    )
  }
  if (type !== 'commercial') return null
  return (
    <Controller
      control={form.control}
      name="coverageTypes"
      render={({ field }) => (
        <fieldset className="grid gap-1 sm:grid-cols-2">
          <legend className={LEGEND}>Coverage types</legend>
          {COMMERCIAL_COVERAGE_TYPES.map((coverage) => (
            <Checkbox
              key={coverage}
              id={`wizard-coverage-${coverage.replace(/\W+/g, '-')}`}
              label={coverage}
              checked={field.value.includes(coverage)}
              onChange={(event) =>
                field.onChange(
                  event.target.checked
                    ? [...field.value, coverage]
                    : field.value.filter((value) => value !== coverage),
                )
              }
            />
          ))}
        </fieldset>
      )}
    />
  )
}
