import { useWatch } from 'react-hook-form'
import { APPOINTMENT_STATES, LINES_OF_AUTHORITY } from '#shared/contracts/appointments.contract.ts'
import { US_STATES } from '#shared/domain/us-states.ts'
import { ChoiceGrid } from './choice-grid.tsx'
import { type AppointmentFormApi, FormSection } from './form-section.tsx'

const STATE_NAMES = new Map<string, string>(US_STATES)
const STATE_CHOICES = APPOINTMENT_STATES.map((code) => ({
  value: code,
  label: code,
  spoken: STATE_NAMES.get(code),
}))
const LINE_CHOICES = LINES_OF_AUTHORITY.map((line) => ({ value: line, label: line }))

/** Where the agent is licensed and for what. */
export function LicensesSection({ form }: { form: AppointmentFormApi }) {
  const errors = form.formState.errors
  const [states = [], lines = []] = useWatch({
    control: form.control,
    name: ['stateLicenses', 'linesOfAuthority'],
  })
  return (
    <FormSection title="Licenses">
      <ChoiceGrid
        id="appointment-stateLicenses"
        legend="State licenses"
        choices={STATE_CHOICES}
        registration={form.register('stateLicenses')}
        selectedCount={states.length}
        error={errors.stateLicenses?.message}
        className="grid-cols-4 sm:grid-cols-8 lg:grid-cols-10"
      />
      <ChoiceGrid
        id="appointment-linesOfAuthority"
        legend="Lines of authority"
        choices={LINE_CHOICES}
        registration={form.register('linesOfAuthority')}
        selectedCount={lines.length}
        error={errors.linesOfAuthority?.message}
        className="sm:grid-cols-2 lg:grid-cols-4"
      />
    </FormSection>
  )
}
