import { useWatch } from 'react-hook-form'
import { FormSuggestions } from '#web/lib/form-assist.tsx'
import type { WizardForm, WizardPath } from './wizard-field.tsx'

/** Fills a wizard field the assistant suggested, as the person typing it would. */
function filler(form: WizardForm) {
  return (name: string, value: string) =>
    form.setValue(name as WizardPath, value as never, { shouldDirty: true, shouldValidate: true })
}

const PLACE = ['clientData.city', 'clientData.state'] as const

/** Step 2: city and state from the new client's ZIP code. */
export function ClientStepSuggestions({ form }: { form: WizardForm }) {
  const [zipCode, city, state] = useWatch({
    control: form.control,
    name: ['clientData.zipCode', ...PLACE],
  })
  return (
    <FormSuggestions
      formType="application"
      fieldNames={PLACE}
      values={{ clientData: { zipCode, city, state } }}
      fill={filler(form)}
    />
  )
}

const AUTO = 'applicationData.autoData'
const VEHICLE = [
  `${AUTO}.vehicleYear`,
  `${AUTO}.vehicleMake`,
  `${AUTO}.coverageType`,
  `${AUTO}.deductible`,
  `${AUTO}.liabilityLimit`,
] as const

/** Step 3 of an auto application: year and maker from the VIN, coverage from the documented rules. */
export function AutoCoverageSuggestions({ form }: { form: WizardForm }) {
  const [vin, year, make, coverageType, deductible, liabilityLimit, budgetRange, preferredCoverage] =
    useWatch({
      control: form.control,
      name: [`${AUTO}.vehicleVin`, ...VEHICLE, 'clientData.budgetRange', 'clientData.preferredCoverage'],
    })
  return (
    <FormSuggestions
      formType="application"
      fieldNames={VEHICLE}
      values={{
        insuranceType: 'auto',
        clientData: { budgetRange, preferredCoverage },
        applicationData: {
          autoData: {
            vehicleVin: vin,
            vehicleYear: year,
            vehicleMake: make,
            coverageType,
            deductible,
            liabilityLimit,
          },
        },
      }}
      fill={filler(form)}
      className="sm:col-span-2"
    />
  )
}
