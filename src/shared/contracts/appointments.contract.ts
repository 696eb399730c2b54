import { z } from 'zod'
import { APPOINTMENT_STATUSES, MANUAL_APPOINTMENT_STATUSES } from '../domain/appointment-status.ts'
import { isCalendarDate } from '../domain/calendar-date.ts'
import { SUBMISSION_STATUSES } from '../domain/submission-status.ts'
import { US_STATES } from '../domain/us-states.ts'
import { defineCall } from './call.ts'

/** Texts of spec part 2 §2 (Appointments), §5 and §8. */
export const APPOINTMENT_TEXTS = {
  title: 'Insurance Carrier Appointments',
  tabNew: 'Universal Appointment Application',
  tabDocuments: 'Required Docs',
  tabSubmit: 'Submit to Carrier',
  tabHistory: 'Application History',
  gate: 'Please complete and submit your appointment application first before submitting to carriers.',
  historyEmpty: 'No applications found. Submit your first application to get started.',
  submitted: 'Appointment application submitted successfully',
  submitFailed: 'Failed to submit appointment application',
  carrierSubmitted: 'Submission Completed',
  carrierFailed: 'Submission Failed',
  noCarriersTitle: 'No Carriers Selected',
  noCarriers: 'Please select at least one carrier to submit to.',
  fullName: 'Full name is required',
  npn: 'Valid NPN is required (8+ digits)',
  email: 'Valid email is required',
  phone: 'Valid phone number is required',
  stateLicenses: 'At least one state license is required',
  linesOfAuthority: 'At least one line of authority is required',
  eoInsuranceCarrier: 'E&O insurance carrier is required',
  eoInsuranceAmount: 'E&O insurance amount is required',
  eoExpirationDate: 'E&O expiration date is required',
  w9Signed: 'W-9 must be signed',
  eoDocumentSigned: 'E&O document must be signed',
  voidedCheckSubmitted: 'Voided check must be submitted',
  eSignature: 'Electronic signature is required (minimum 2 characters)',
  ipAddress: 'IP address is required',
  termsAccepted: 'Terms of use must be accepted',
  privacyPolicyAccepted: 'Privacy policy must be accepted',
  consentToElectronicSignature: 'Consent to electronic signature is required',
  // Ours: the spec shows the details box but no rule; a carrier asks for the explanation.
  backgroundDetails: 'Explain the felony conviction or disciplinary action',
  termsVersion: 'These are the terms of version 1.0: reload the page to accept the current terms',
  geoLocation: "Location must be 'latitude,longitude'",
  carrierNotActive: 'This carrier is not active for your agency.',
} as const

export const TERMS_VERSION = '1.0'
/** The 50 states (the spec's list has no DC). */
export const APPOINTMENT_STATES = US_STATES.map(([code]) => code).filter((code) => code !== 'DC')
export const LINES_OF_AUTHORITY = [
  'Property & Casualty',
  'Life & Health',
  'Auto Insurance',
  'Home Insurance',
  'Commercial Insurance',
  'Workers Compensation',
  'Professional Liability',
  'General Liability',
] as const
export const EO_AMOUNTS = [100000, 250000, 500000, 1000000, 2000000] as const
/** How long the browser waits for its position (spec §9). */
export const GEOLOCATION_TIMEOUT_MS = 5000

const T = APPOINTMENT_TEXTS
const required = (message: string, max = 200) => z.string({ message }).trim().min(1, message).max(max)
const mustBe = (message: string) =>
  z.union([z.literal(true), z.literal('true').transform(() => true as const)], { message })
/** A checkbox as a browser or a script sends it. */
const flag = z
  .union([
    z.boolean(),
    z.enum(['true', 'false', 'on', '']).transform((value) => value === 'true' || value === 'on'),
  ])
  .default(false)

/** Every message of spec §5's table a person can cause in the form (the IP address is not typed). */
export const FORM_FIELD_MESSAGES = [
  T.fullName,
  T.npn,
  T.email,
  T.phone,
  T.stateLicenses,
  T.linesOfAuthority,
  T.eoInsuranceCarrier,
  T.eoInsuranceAmount,
  T.eoExpirationDate,
  T.w9Signed,
  T.eoDocumentSigned,
  T.voidedCheckSubmitted,
  T.eSignature,
  T.termsAccepted,
  T.privacyPolicyAccepted,
  T.consentToElectronicSignature,
] as const

/** Felony or disciplinary action checked, and nothing said about it. */
function needsBackgroundDetails(value: object): boolean {
  const fields = value as Record<string, unknown>
  const flagged = fields.felonyConviction === true || fields.disciplinaryAction === true
  const details = typeof fields.backgroundDetails === 'string' ? fields.backgroundDetails.trim() : ''
  return flagged && !details
}

export const AppointmentInputSchema = z
  .object({
    fullName: required(T.fullName, 120),
    npn: z
      .string({ message: T.npn })
      .trim()
      .regex(/^\d{8,10}$/, T.npn),
    email: z.string({ message: T.email }).trim().max(254).pipe(z.email(T.email)),
    phone: z
      .string({ message: T.phone })
      .trim()
      .max(30, T.phone)
      .refine((value) => value.replace(/\D/g, '').length >= 10, T.phone),
    stateLicenses: z
      .array(z.enum(APPOINTMENT_STATES, { message: T.stateLicenses }), { message: T.stateLicenses })
      .min(1, T.stateLicenses)
      .transform((codes) => [...new Set(codes)]),
    linesOfAuthority: z
      .array(z.enum(LINES_OF_AUTHORITY, { message: T.linesOfAuthority }), { message: T.linesOfAuthority })
      .min(1, T.linesOfAuthority)
      .transform((lines) => [...new Set(lines)]),
    eoInsuranceCarrier: required(T.eoInsuranceCarrier, 120),
    eoInsuranceAmount: z.coerce
      .number({ message: T.eoInsuranceAmount })
      .refine((value) => (EO_AMOUNTS as readonly number[]).includes(value), T.eoInsuranceAmount),
    eoExpirationDate: z
      .string({ message: T.eoExpirationDate })
      .trim()
      .refine(isCalendarDate, T.eoExpirationDate),
    felonyConviction: flag,
    disciplinaryAction: flag,
    backgroundDetails: z.string().trim().max(2000).optional().default(''),
    w9Signed: mustBe(T.w9Signed),
    eoDocumentSigned: mustBe(T.eoDocumentSigned),
    voidedCheckSubmitted: mustBe(T.voidedCheckSubmitted),
    agencyAffiliation: z.string().trim().max(120).optional().default(''),
    agencyCode: z.string().trim().max(40).optional().default(''),
    eSignature: z.string({ message: T.eSignature }).trim().min(2, T.eSignature).max(120),
    ipAddress: z.string({ message: T.ipAddress }).trim().min(1, T.ipAddress).max(64),
    userAgent: z.string().max(500).optional().default(''),
    geoLocation: z
      .string()
      .trim()
      .regex(/^$|^-?\d{1,2}(\.\d+)?,\s*-?\d{1,3}(\.\d+)?$/, T.geoLocation)
      .optional()
      .default(''),
    termsAccepted: mustBe(T.termsAccepted),
    termsVersion: z.literal(TERMS_VERSION, { message: T.termsVersion }).default(TERMS_VERSION),
    privacyPolicyAccepted: mustBe(T.privacyPolicyAccepted),
    consentToElectronicSignature: mustBe(T.consentToElectronicSignature),
  })
  // Runs even when other fields failed, so an empty submit shows this message with the rest.
  .refine((value) => !needsBackgroundDetails(value), {
    path: ['backgroundDetails'],
    message: T.backgroundDetails,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
export type AppointmentInput = z.input<typeof AppointmentInputSchema>

/** One carrier's answer to the appointment, read from its carrier submission. */
export const AppointmentCarrierSchema = z.object({
  carrierId: z.string(),
  carrierName: z.string(),
  submissionId: z.string(),
  status: z.enum([...APPOINTMENT_STATUSES, 'failed']),
  submissionStatus: z.enum(SUBMISSION_STATUSES),
  message: z.string().nullable(),
  confirmationNumber: z.string().nullable(),
  /** The packet (PDF) made for this carrier, when its method needs one. */
  documentId: z.string().nullable(),
  updatedAt: z.string(),
})
export type AppointmentCarrier = z.infer<typeof AppointmentCarrierSchema>

export const AppointmentSchema = z.object({
  id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  createdAt: z.string(),
  agentName: z.string(),
  fullName: z.string(),
  npn: z.string(),
  email: z.string(),
  phone: z.string(),
  stateLicenses: z.array(z.string()),
  linesOfAuthority: z.array(z.string()),
  eoInsuranceCarrier: z.string(),
  eoInsuranceAmount: z.number(),
  eoExpirationDate: z.string(),
  felonyConviction: z.boolean(),
  disciplinaryAction: z.boolean(),
  backgroundDetails: z.string(),
  agencyAffiliation: z.string(),
  agencyCode: z.string(),
  eSignature: z.string(),
  termsVersion: z.string(),
  /** What the form reported, and the address the server saw the submission come from. */
  ipAddress: z.string(),
  requestIpAddress: z.string().nullable(),
  geoLocation: z.string(),
  carriers: z.array(AppointmentCarrierSchema),
})
export type Appointment = z.infer<typeof AppointmentSchema>

export const createAppointmentCall = defineCall({
  method: 'POST',
  path: '/api/appointments',
  body: AppointmentInputSchema,
  response: AppointmentSchema,
  status: 201,
})

/** The agent's own applications, newest first; `scope=agency` shows an admin everyone's. */
export const listAppointmentsCall = defineCall({
  method: 'GET',
  path: '/api/appointments',
  query: z.object({ scope: z.enum(['mine', 'agency']).default('mine') }),
  response: z.object({ data: z.array(AppointmentSchema) }),
})

const IdParamsSchema = z.object({ id: z.uuid({ message: 'Not found' }) })

export const CarrierResultSchema = z.object({
  carrierId: z.string(),
  carrierName: z.string(),
  result: z.object({
    /** success (delivered), failed, or pending (still being delivered when the answer left). */
    status: z.enum(['success', 'failed', 'pending']),
    message: z.string(),
    confirmationNumber: z.string().nullable(),
    errors: z.array(z.string()),
  }),
})
export type CarrierResult = z.infer<typeof CarrierResultSchema>

export const submitAppointmentCall = defineCall({
  method: 'POST',
  path: '/api/appointments/:id/submit-to-carrier',
  params: IdParamsSchema,
  body: z.object({
    carrierIds: z
      .array(z.uuid({ message: T.carrierNotActive }), { message: T.noCarriers })
      .min(1, T.noCarriers)
      .max(100),
  }),
  response: z.array(CarrierResultSchema),
})

/** An agency admin records a carrier's answer that came by phone or letter. */
export const updateAppointmentStatusCall = defineCall({
  method: 'POST',
  path: '/api/appointments/:id/carriers/:carrierId/status',
  params: z.object({ id: z.uuid({ message: 'Not found' }), carrierId: z.uuid({ message: 'Not found' }) }),
  body: z.object({
    status: z.enum(MANUAL_APPOINTMENT_STATUSES, { message: 'Choose pending, approved or rejected' }),
    message: z.string().trim().max(500).optional(),
  }),
  response: AppointmentSchema,
})
