import { TERMS_VERSION } from '#shared/contracts/appointments.contract.ts'
import type { AppointmentForm } from './appointment-values.ts'
import { CheckboxField, TextField } from './form-fields.tsx'
import { type AppointmentFormApi, FormSection } from './form-section.tsx'

type Flag = {
  [K in keyof AppointmentForm]: AppointmentForm[K] extends boolean ? K : never
}[keyof AppointmentForm]

const CONFIRMATIONS: [Flag, string][] = [
  ['w9Signed', 'I have signed the W-9'],
  ['eoDocumentSigned', 'I have signed the E&O document'],
  ['voidedCheckSubmitted', 'I have submitted a voided check'],
]

const CONSENTS: [Flag, string][] = [
  ['termsAccepted', `I accept the terms of use (version ${TERMS_VERSION})`],
  ['privacyPolicyAccepted', 'I accept the privacy policy'],
  ['consentToElectronicSignature', 'I consent to sign electronically'],
]

/** The confirmations, the signature and the consents: given afresh on every application. */
export function AttestationSection({ form }: { form: AppointmentFormApi }) {
  const errors = form.formState.errors
  const box = ([name, label]: [Flag, string]) => (
    <CheckboxField
      key={name}
      id={`appointment-${name}`}
      label={label}
      error={errors[name]?.message}
      registration={form.register(name)}
    />
  )
  return (
    <FormSection title="Confirmations and Signature">
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">Confirmations</legend>
        {CONFIRMATIONS.map(box)}
      </fieldset>
      <TextField
        id="appointment-eSignature"
        label="Electronic signature (type your full name)"
        error={errors.eSignature?.message}
        registration={form.register('eSignature')}
        autoComplete="off"
        maxLength={120}
        className="sm:max-w-md"
      />
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">Consents</legend>
        {CONSENTS.map(box)}
      </fieldset>
    </FormSection>
  )
}
