import { TextField } from './form-fields.tsx'
import { type AppointmentFormApi, FormSection } from './form-section.tsx'

/** Who the agent is and the agency they write for. */
export function AgentSection({ form }: { form: AppointmentFormApi }) {
  const errors = form.formState.errors
  return (
    <FormSection title="Agent Information">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="appointment-fullName"
          label="Full name"
          error={errors.fullName?.message}
          registration={form.register('fullName')}
          autoComplete="name"
          maxLength={120}
        />
        <TextField
          id="appointment-npn"
          label="NPN (National Producer Number)"
          error={errors.npn?.message}
          registration={form.register('npn')}
          inputMode="numeric"
          maxLength={10}
        />
        <TextField
          id="appointment-email"
          label="Email"
          type="email"
          error={errors.email?.message}
          registration={form.register('email')}
          autoComplete="email"
          maxLength={254}
        />
        <TextField
          id="appointment-phone"
          label="Phone"
          type="tel"
          error={errors.phone?.message}
          registration={form.register('phone')}
          autoComplete="tel"
          maxLength={30}
        />
        <TextField
          id="appointment-agencyAffiliation"
          label="Agency affiliation (optional)"
          error={errors.agencyAffiliation?.message}
          registration={form.register('agencyAffiliation')}
          autoComplete="organization"
          maxLength={120}
        />
        <TextField
          id="appointment-agencyCode"
          label="Agency code (optional)"
          error={errors.agencyCode?.message}
          registration={form.register('agencyCode')}
          maxLength={40}
        />
      </div>
    </FormSection>
  )
}
