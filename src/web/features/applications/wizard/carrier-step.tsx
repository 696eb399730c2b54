import { Controller } from 'react-hook-form'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import type { Carrier } from '#shared/contracts/carriers.contract.ts'
import { SUBMISSION_TYPES, type SubmissionType } from '#shared/domain/carrier-matching.ts'
import { Alert } from '#web/components/alert.tsx'
import { RadioGroup, RadioGroupItem } from '#web/components/radio-group.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { CarrierFilterControls } from './carrier-filter-controls.tsx'
import { CarrierPreview } from './carrier-preview.tsx'
import { SpecificCarrierFields } from './specific-carrier-fields.tsx'
import type { WizardForm } from './wizard-field.tsx'

const SUBMISSION_CHOICES: Record<SubmissionType, { label: string; description: string }> = {
  specific_carriers: {
    label: 'Specific carriers',
    description: 'Choose a primary and an optional secondary carrier.',
  },
  filtered_carriers: {
    label: 'Filtered carriers',
    description: 'Send to every carrier that meets your criteria.',
  },
  all_carriers: { label: 'All carriers', description: 'Send to every active carrier for this type.' },
}

interface CarrierStepProps {
  form: WizardForm
  /** Active carriers of the chosen type (specific) or those passing the filters (filtered, all). */
  matching: readonly Carrier[]
  loading: boolean
  failed: boolean
}

/** Step 4: how the application is submitted, and to which carriers. */
export function CarrierStep({ form, matching, loading, failed }: CarrierStepProps) {
  const submissionType = form.watch('bulkSubmissionType')
  return (
    <div className="grid gap-6">
      <Controller
        control={form.control}
        name="bulkSubmissionType"
        render={({ field }) => (
          <fieldset>
            <legend className="mb-3 text-sm font-semibold text-slate-900">Submission type</legend>
            <RadioGroup value={field.value} onValueChange={field.onChange} className="sm:grid-cols-3">
              {SUBMISSION_TYPES.map((type) => (
                <label
                  key={type}
                  htmlFor={`wizard-submission-${type}`}
                  className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[[data-state=checked]]:border-violet-700 has-[[data-state=checked]]:bg-violet-50"
                >
                  <RadioGroupItem id={`wizard-submission-${type}`} value={type} className="mt-0.5" />
                  <span className="grid gap-0.5">
                    <span className="text-sm font-semibold text-slate-900">
                      {SUBMISSION_CHOICES[type].label}
                    </span>
                    <span className="text-xs text-slate-600">{SUBMISSION_CHOICES[type].description}</span>
                  </span>
                </label>
              ))}
            </RadioGroup>
          </fieldset>
        )}
      />
      {loading ? (
        <Spinner label="Loading carriers" />
      ) : failed ? (
        <Alert tone="error" title="Carriers could not be loaded">
          Close the dialog and try again.
        </Alert>
      ) : (
        <>
          {submissionType === 'specific_carriers' && (
            <SpecificCarrierFields form={form} carriers={matching} />
          )}
          {submissionType === 'filtered_carriers' && <CarrierFilterControls form={form} />}
          {submissionType !== 'specific_carriers' && <CarrierPreview carriers={matching} />}
          {matching.length === 0 && <Alert tone="warning">{APPLICATION_TEXTS.noMatchingCarriers}</Alert>}
        </>
      )}
    </div>
  )
}
