import type { z } from 'zod'
import {
  type Appointment,
  AppointmentInputSchema,
  TERMS_VERSION,
} from '#shared/contracts/appointments.contract.ts'
import type { ProducerProfile } from '#shared/contracts/appointments-producer-profile.contract.ts'
import { schemaResolver } from './schema-resolver.ts'

/** The form as typed: boxes start unticked and the amount is the select's text until parsed. */
export interface AppointmentForm {
  fullName: string
  npn: string
  email: string
  phone: string
  stateLicenses: string[]
  linesOfAuthority: string[]
  eoInsuranceCarrier: string
  eoInsuranceAmount: string
  eoExpirationDate: string
  felonyConviction: boolean
  disciplinaryAction: boolean
  backgroundDetails: string
  w9Signed: boolean
  eoDocumentSigned: boolean
  voidedCheckSubmitted: boolean
  agencyAffiliation: string
  agencyCode: string
  eSignature: string
  termsAccepted: boolean
  privacyPolicyAccepted: boolean
  consentToElectronicSignature: boolean
  /** Filled in on submit, not typed: see readSubmissionContext. */
  ipAddress: string
  userAgent: string
  geoLocation: string
  termsVersion: string
}
export type AppointmentBody = z.output<typeof AppointmentInputSchema>

export const appointmentResolver = schemaResolver<AppointmentForm, AppointmentBody>(AppointmentInputSchema)

export const EMPTY_APPOINTMENT: AppointmentForm = {
  fullName: '',
  npn: '',
  email: '',
  phone: '',
  stateLicenses: [],
  linesOfAuthority: [],
  eoInsuranceCarrier: '',
  eoInsuranceAmount: '',
  eoExpirationDate: '',
  felonyConviction: false,
  disciplinaryAction: false,
  backgroundDetails: '',
  w9Signed: false,
  eoDocumentSigned: false,
  voidedCheckSubmitted: false,
  agencyAffiliation: '',
  agencyCode: '',
  eSignature: '',
  termsAccepted: false,
  privacyPolicyAccepted: false,
  consentToElectronicSignature: false,
  ipAddress: 'unknown',
  userAgent: '',
  geoLocation: '',
  termsVersion: TERMS_VERSION,
}

export const APPOINTMENT_FIELDS = Object.keys(EMPTY_APPOINTMENT) as (keyof AppointmentForm)[]

/**
 * A new application starts from the producer profile (what the agent sent last). The signature,
 * the confirmations and the consents are never carried over: they are given afresh each time.
 */
export function appointmentDefaults(prefill: ProducerProfile['prefill'] | undefined): AppointmentForm {
  if (!prefill) return EMPTY_APPOINTMENT
  return { ...EMPTY_APPOINTMENT, ...prefill, eoInsuranceAmount: String(prefill.eoInsuranceAmount) }
}

/** After a submission the form starts over from what was sent, signature and consents blank. */
export function defaultsAfter(sent: Appointment): AppointmentForm {
  const { fullName, npn, email, phone, stateLicenses, linesOfAuthority, eoInsuranceCarrier } = sent
  const { eoInsuranceAmount, eoExpirationDate, agencyAffiliation, agencyCode } = sent
  return appointmentDefaults({
    ...{ fullName, npn, email, phone, stateLicenses, linesOfAuthority, eoInsuranceCarrier },
    ...{ eoInsuranceAmount, eoExpirationDate, agencyAffiliation, agencyCode },
  })
}
