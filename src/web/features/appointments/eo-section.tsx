import { EO_AMOUNTS } from '#shared/contracts/appointments.contract.ts'
import { Field } from '#web/components/field.tsx'
import { Select } from '#web/components/select.tsx'
import { formatDollars } from '#web/lib/format.ts'
import { TextField } from './form-fields.tsx'
import { type AppointmentFormApi, FormSection } from './form-section.tsx'

const AMOUNT_OPTIONS = EO_AMOUNTS.map((amount) => ({ value: String(amount), label: formatDollars(amount) }))

/** The agent's errors and omissions cover. */
export function EoSection({ form }: { form: AppointmentFormApi }) {
  const errors = form.formState.errors
  return (
    <FormSection title="Errors & Omissions Insurance">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="appointment-eoInsuranceCarrier"
          label="E&O insurance carrier"
          error={errors.eoInsuranceCarrier?.message}
          registration={form.register('eoInsuranceCarrier')}
          maxLength={120}
        />
        <Field
          id="appointment-eoInsuranceAmount"
          label="E&O amount"
          error={errors.eoInsuranceAmount?.message}
        >
          {(control) => (
            <Select
              {...control}
              {...form.register('eoInsuranceAmount')}
              options={AMOUNT_OPTIONS}
              placeholder="Select an amount"
            />
          )}
        </Field>
        <TextField
          id="appointment-eoExpirationDate"
          label="E&O expiration date"
          type="date"
          error={errors.eoExpirationDate?.message}
          registration={form.register('eoExpirationDate')}
        />
      </div>
    </FormSection>
  )
}
