import { z } from 'zod'
import { INSURANCE_TYPES } from '../domain/insurance-types.ts'
import { defineCall } from './call.ts'

/** Texts of spec part 1 §2 (Carriers), §5 (Add Carrier) and §8. */
export const CARRIER_TEXTS = {
  title: 'Carriers',
  subtitle: 'Manage insurance carriers and their requirements',
  searchPlaceholder: 'Search carriers...',
  empty: 'No carriers found',
  addedTitle: 'Carrier Added',
  added: 'New carrier has been successfully added to the system.',
  addFailedTitle: 'Error',
  addFailed: 'Failed to add carrier. Please try again.',
  validationTitle: 'Validation Error',
  typeRequired: 'Please select at least one insurance type',
  nameRequired: 'Carrier name is required',
  codeRequired: 'Carrier code is required',
  codeFormat: 'Use letters, digits and dashes (up to 12)',
  stateRequired: 'Primary state is required',
  codeTaken: 'Your agency already has a carrier with this code.',
  emailInvalid: 'Enter a valid email address',
  defaultFinancialStrength: 'A',
  defaultConsumerRating: 4.2,
  integrations: ['Direct API', 'Email Submission', 'PDF Generation'],
} as const

export const SUBMISSION_METHODS = ['api', 'pdf', 'email', 'manual'] as const
export type SubmissionMethod = (typeof SUBMISSION_METHODS)[number]
export const PRIMARY_STATES = ['CA', 'TX', 'FL', 'NY', 'PA'] as const
export const FINANCIAL_STRENGTHS = ['A++', 'A+', 'A', 'A-', 'B++', 'B+', 'B'] as const
export const CARRIER_STATUSES = ['online', 'offline', 'maintenance'] as const

export const CarrierSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  supportedTypes: z.array(z.enum(INSURANCE_TYPES)),
  isActive: z.boolean(),
  /** Platform catalogue carrier (shared by every agency) or the agency's own. */
  isCatalogue: z.boolean(),
  /** Average monthly premium in dollars. */
  avgPremiumCost: z.number().nullable(),
  coverageRating: z.number().nullable(),
  consumerConfidenceScore: z.number().nullable(),
  consumerConfidence: z.number().nullable(),
  financialStrength: z.string().nullable(),
  submissionMethod: z.enum(SUBMISSION_METHODS),
  states: z.array(z.string()),
  licensedStates: z.array(z.string()),
  notes: z.string().nullable(),
  contactEmail: z.string().nullable(),
  status: z.enum(CARRIER_STATUSES),
  applicationCount: z.number().int(),
})
export type Carrier = z.infer<typeof CarrierSchema>

export const CarrierInputSchema = z.object({
  name: z.string().trim().min(1, CARRIER_TEXTS.nameRequired).max(120),
  code: z
    .string()
    .trim()
    .min(1, CARRIER_TEXTS.codeRequired)
    .transform((code) => code.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9-]{1,12}$/, CARRIER_TEXTS.codeFormat)),
  state: z.enum(PRIMARY_STATES, { message: CARRIER_TEXTS.stateRequired }),
  supportedTypes: z.array(z.enum(INSURANCE_TYPES)).min(1, CARRIER_TEXTS.typeRequired),
  submissionMethod: z.enum(SUBMISSION_METHODS).default('api'),
  notes: z.string().trim().max(2000).optional(),
  isActive: z.boolean().default(true),
  states: z.array(z.string().trim().length(2)).max(60).optional(),
  contactEmail: z
    .string()
    .trim()
    .email(CARRIER_TEXTS.emailInvalid)
    .optional()
    .or(z.literal('').transform(() => undefined)),
})
export type CarrierInput = z.input<typeof CarrierInputSchema>

const CarrierIdSchema = z.object({ id: z.uuid({ message: 'Not found' }) })

export const listCarriersCall = defineCall({
  method: 'GET',
  path: '/api/carriers',
  query: z.object({
    q: z.string().trim().max(100).optional(),
    type: z.enum(INSURANCE_TYPES).optional(),
  }),
  response: z.object({ data: z.array(CarrierSchema) }),
})

export const getCarrierCall = defineCall({
  method: 'GET',
  path: '/api/carriers/:id',
  params: CarrierIdSchema,
  response: CarrierSchema,
})

export const createCarrierCall = defineCall({
  method: 'POST',
  path: '/api/carriers',
  body: CarrierInputSchema,
  status: 201,
  response: CarrierSchema,
})

/** An agency switches a carrier off (or on) for itself; a catalogue carrier stays for others. */
export const setCarrierActiveCall = defineCall({
  method: 'PUT',
  path: '/api/carriers/:id/active',
  params: CarrierIdSchema,
  body: z.object({ isActive: z.boolean() }),
  response: CarrierSchema,
})

export const supportedApisCall = defineCall({
  method: 'GET',
  path: '/api/carriers/supported-apis',
  response: z.object({ supportedCarriers: z.array(z.string()) }),
})
