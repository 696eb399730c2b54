import { z } from 'zod'
import { LICENSE_STATUSES } from '../domain/license-status.ts'
import { ONBOARDING_DOCUMENT_STATUSES, TRAINING_STATUSES } from '../domain/onboarding-records.ts'
import { defineCall } from './call.ts'
import {
  agentIdField,
  changedChoice,
  ISO_TIMESTAMP,
  optionalDate,
  optionalText,
  optionalUrl,
  requiredChoice,
  requiredText,
} from './onboarding-fields.ts'
import {
  LICENSE_STATES,
  LICENSE_TYPES,
  ONBOARDING_DOCUMENT_TYPES,
  ONBOARDING_TEXTS as T,
  TRAINING_TYPES,
} from './onboarding-texts.ts'

/** Licenses, training sessions and onboarding documents (spec part 3 §3, §5, §7). */

const BASE = '/api/agency-onboarding'
const IdParams = z.object({ id: z.uuid({ message: 'Not found' }) })
/** `?agentId=` narrows a list to one agent (by the agent ID the agency gave them). */
const AgentQuery = z.object({ agentId: z.string().trim().max(64).optional() })

const recordMeta = {
  id: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}

// Licenses

const licenseFields = {
  licenseNumber: requiredText(64),
  state: requiredChoice(LICENSE_STATES, T.state),
  licenseType: requiredChoice(LICENSE_TYPES, T.licenseType),
  /** Shown, not edited in the form; the API keeps what it is sent. */
  linesOfAuthority: z.array(z.string().trim().min(1).max(100)).max(30).optional(),
  issueDate: optionalDate,
  expirationDate: optionalDate,
  status: changedChoice(LICENSE_STATUSES, T.licenseStatus),
  documentUrl: optionalUrl,
}

export const LicenseInputSchema = z.object({ agentId: agentIdField, ...licenseFields })
export type LicenseInput = z.input<typeof LicenseInputSchema>

export const LicenseChangeSchema = z
  .object({
    agentId: agentIdField.optional(),
    licenseNumber: licenseFields.licenseNumber.optional(),
    state: changedChoice(LICENSE_STATES, T.state),
    licenseType: changedChoice(LICENSE_TYPES, T.licenseType),
    linesOfAuthority: licenseFields.linesOfAuthority,
    issueDate: optionalDate,
    expirationDate: optionalDate,
    status: licenseFields.status,
    documentUrl: optionalUrl,
  })
  .partial()

export const LicenseSchema = z.object({
  ...recordMeta,
  licenseNumber: z.string(),
  state: z.string(),
  licenseType: z.string(),
  linesOfAuthority: z.array(z.string()),
  issueDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  status: z.enum(LICENSE_STATUSES),
  documentUrl: z.string().nullable(),
  /** Days from the server's date (UTC) to expiry; the browser reads its own calendar. */
  daysUntilExpiration: z.number().int().nullable(),
})
export type License = z.infer<typeof LicenseSchema>

export const listLicensesCall = defineCall({
  method: 'GET',
  path: `${BASE}/licenses`,
  query: AgentQuery,
  response: z.array(LicenseSchema),
})
export const addLicenseCall = defineCall({
  method: 'POST',
  path: `${BASE}/licenses`,
  body: LicenseInputSchema,
  status: 201,
  response: LicenseSchema,
})
export const updateLicenseCall = defineCall({
  method: 'PATCH',
  path: `${BASE}/licenses/:id`,
  params: IdParams,
  body: LicenseChangeSchema,
  response: LicenseSchema,
})

// Training sessions

const DURATION = z.coerce
  .number({ message: T.duration })
  .int(T.duration)
  .min(1, T.duration)
  .max(1440, T.duration)

export const TrainingInputSchema = z.object({
  agentId: agentIdField,
  trainerId: optionalText(120),
  title: requiredText(200),
  description: optionalText(2000),
  trainingType: changedChoice(TRAINING_TYPES, T.trainingType).default('onboarding'),
  /** The form's date and time, sent combined as one ISO timestamp. */
  scheduledDate: z.string({ message: T.required }).trim().min(1, T.required).pipe(ISO_TIMESTAMP),
  duration: DURATION.default(60),
  location: optionalText(200),
  meetingLink: optionalUrl,
  attendanceRequired: z.boolean().default(true),
  notes: optionalText(2000),
})
export type TrainingInput = z.input<typeof TrainingInputSchema>

export const TrainingChangeSchema = z
  .object({
    agentId: agentIdField,
    trainerId: optionalText(120),
    title: requiredText(200),
    description: optionalText(2000),
    trainingType: z.enum(TRAINING_TYPES, { message: T.trainingType }),
    scheduledDate: ISO_TIMESTAMP,
    duration: DURATION,
    location: optionalText(200),
    meetingLink: optionalUrl,
    attendanceRequired: z.boolean(),
    attendanceConfirmed: z.boolean(),
    status: z.enum(TRAINING_STATUSES, { message: T.trainingStatus }),
    notes: optionalText(2000),
  })
  .partial()

export const TrainingSchema = z.object({
  ...recordMeta,
  trainerId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  trainingType: z.enum(TRAINING_TYPES),
  scheduledDate: z.string(),
  duration: z.number().int(),
  location: z.string().nullable(),
  meetingLink: z.string().nullable(),
  attendanceRequired: z.boolean(),
  attendanceConfirmed: z.boolean(),
  status: z.enum(TRAINING_STATUSES),
  notes: z.string().nullable(),
})
export type TrainingSession = z.infer<typeof TrainingSchema>

export const listTrainingCall = defineCall({
  method: 'GET',
  path: `${BASE}/training`,
  query: AgentQuery,
  response: z.array(TrainingSchema),
})
export const scheduleTrainingCall = defineCall({
  method: 'POST',
  path: `${BASE}/training`,
  body: TrainingInputSchema,
  status: 201,
  response: TrainingSchema,
})
export const updateTrainingCall = defineCall({
  method: 'PATCH',
  path: `${BASE}/training/:id`,
  params: IdParams,
  body: TrainingChangeSchema,
  response: TrainingSchema,
})

// Onboarding documents

export const DocumentInputSchema = z.object({
  agentId: agentIdField,
  documentType: requiredChoice(ONBOARDING_DOCUMENT_TYPES, T.documentType),
  documentName: requiredText(200),
  documentUrl: optionalUrl,
  expirationDate: optionalDate,
  isRequired: z.boolean().default(true),
})
export type DocumentInput = z.input<typeof DocumentInputSchema>

export const DocumentChangeSchema = z
  .object({
    agentId: agentIdField,
    documentType: z.enum(ONBOARDING_DOCUMENT_TYPES, { message: T.documentType }),
    documentName: requiredText(200),
    documentUrl: optionalUrl,
    expirationDate: optionalDate,
    isRequired: z.boolean(),
    status: z.enum(ONBOARDING_DOCUMENT_STATUSES, { message: T.documentStatus }),
    /** Taken for the spec's payload; the review time recorded is the server's. */
    reviewedAt: z.union([z.string().max(64), z.null()]),
    reviewNotes: optionalText(2000),
  })
  .partial()

export const OnboardingDocumentSchema = z.object({
  ...recordMeta,
  documentType: z.enum(ONBOARDING_DOCUMENT_TYPES),
  documentName: z.string(),
  /** A link given with the record, or the download of the file attached to it. */
  documentUrl: z.string().nullable(),
  file: z.object({ id: z.string(), fileName: z.string(), fileSize: z.number().int() }).nullable(),
  expirationDate: z.string().nullable(),
  daysUntilExpiration: z.number().int().nullable(),
  isRequired: z.boolean(),
  status: z.enum(ONBOARDING_DOCUMENT_STATUSES),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
})
export type OnboardingDocument = z.infer<typeof OnboardingDocumentSchema>

export const listDocumentsCall = defineCall({
  method: 'GET',
  path: `${BASE}/documents`,
  query: AgentQuery,
  response: z.array(OnboardingDocumentSchema),
})
export const addDocumentCall = defineCall({
  method: 'POST',
  path: `${BASE}/documents`,
  body: DocumentInputSchema,
  status: 201,
  response: OnboardingDocumentSchema,
})
export const updateDocumentCall = defineCall({
  method: 'PATCH',
  path: `${BASE}/documents/:id`,
  params: IdParams,
  body: DocumentChangeSchema,
  response: OnboardingDocumentSchema,
})

/** A document's file (multipart, field `file`): PDF, JPEG or PNG up to 10 MB, judged by content. */
export const ONBOARDING_FILE_PATH = `${BASE}/documents/:id/file`
export const ONBOARDING_FILE_MAX_BYTES = 10 * 1024 * 1024
export const attachDocumentFileCall = defineCall({
  method: 'POST',
  path: ONBOARDING_FILE_PATH,
  params: IdParams,
  response: OnboardingDocumentSchema,
})
