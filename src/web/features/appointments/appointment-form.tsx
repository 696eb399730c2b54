import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { APPOINTMENT_TEXTS } from '#shared/contracts/appointments.contract.ts'
import type { ProducerProfile } from '#shared/contracts/appointments-producer-profile.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { isApiError } from '#web/lib/api.ts'
import { applyFieldErrors } from '#web/lib/apply-field-errors.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { AgentSection } from './agent-section.tsx'
import {
  APPOINTMENT_FIELDS,
  type AppointmentBody,
  appointmentDefaults,
  appointmentResolver,
  defaultsAfter,
} from './appointment-values.ts'
import { useCreateAppointment } from './appointments.queries.ts'
import { AttestationSection } from './attestation-section.tsx'
import { BackgroundSection } from './background-section.tsx'
import { EoSection } from './eo-section.tsx'
import { LicensesSection } from './licenses-section.tsx'
import { readSubmissionContext } from './submission-context.ts'

export const PREFILLED_NOTE =
  'Prefilled from your last application. Check each field, then sign and confirm again.'

interface AppointmentFormProps {
  prefill: ProducerProfile['prefill'] | undefined
  onSubmitted: () => void
}

/** Spec §2 and §5: the universal appointment application, checked with the server's schema. */
export function AppointmentForm({ prefill, onSubmitted }: AppointmentFormProps) {
  const create = useCreateAppointment()
  const [locating, setLocating] = useState(false)
  const form = useForm({ resolver: appointmentResolver, defaultValues: appointmentDefaults(prefill) })

  async function submit(values: AppointmentBody) {
    setLocating(true)
    const context = await readSubmissionContext()
    setLocating(false)
    const explained = values.felonyConviction || values.disciplinaryAction
    const body = { ...values, ...context, backgroundDetails: explained ? values.backgroundDetails : '' }
    create.mutate(body, {
      onSuccess: (sent) => {
        showToast({ title: APPOINTMENT_TEXTS.submitted, variant: 'success' })
        // A second application must be signed again: a stray click cannot send a copy.
        form.reset(defaultsAfter(sent))
        onSubmitted()
      },
      onError: (error) => {
        applyFieldErrors(error, APPOINTMENT_FIELDS, form.setError)
        showToast({
          title: APPOINTMENT_TEXTS.submitFailed,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        })
      },
    })
  }

  const busy = locating || create.isPending
  return (
    <form
      noValidate
      aria-label={APPOINTMENT_TEXTS.tabNew}
      onSubmit={form.handleSubmit(submit)}
      className="grid gap-6"
    >
      {prefill && <Alert>{PREFILLED_NOTE}</Alert>}
      <AgentSection form={form} />
      <LicensesSection form={form} />
      <EoSection form={form} />
      <BackgroundSection form={form} />
      <AttestationSection form={form} />
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
          {busy ? 'Submitting...' : 'Submit Application'}
        </Button>
      </div>
    </form>
  )
}
