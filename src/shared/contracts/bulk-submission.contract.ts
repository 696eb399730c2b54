import { z } from 'zod'
import { INSURANCE_TYPES } from '../domain/insurance-types.ts'
import { COVERAGE_AMOUNTS, LEVELS, SMOKING_STATUSES, URGENCIES } from '../domain/recommendations.ts'
import { SUBMISSION_STATUSES } from '../domain/submission-status.ts'
import { ApplicationSubmissionSchema } from './applications.contract.ts'
import { defineCall } from './call.ts'
import { FINANCIAL_STRENGTHS, SUBMISSION_METHODS } from './carriers.contract.ts'
import { BUDGET_RANGES } from './clients.contract.ts'

/** Texts of spec part 1 §2 (Smart Bulk Submission modal), §5 (bulk modal) and §8 (bulk). */
export const BULK_TEXTS = {
  title: 'Smart Bulk Submission',
  smartSubmit: 'Smart Submit',
  profileRequiredTitle: 'Profile Required',
  profileRequired: 'Please complete the client profile to get recommendations',
  noCarriersTitle: 'No Carriers Selected',
  noCarriers: 'Please select at least one carrier to submit to',
  noRecommendations: 'No carrier recommendations available. Please adjust your criteria.',
  failedTitle: 'Submission Failed',
  failedFallback: 'Failed to submit to carriers',
  completed: 'Bulk submission completed',
  bulkFailed: 'Bulk submission failed',
  applicationNotFound: 'Not found',
  carrierNotAvailable: 'This carrier is not available to your agency',
  alreadySubmitted: 'Already submitted to this carrier',
} as const

/** The coverage choices of spec §9; the last one is shown as '2000000+'. */
export const BULK_COVERAGE_CHOICES = COVERAGE_AMOUNTS
export const DEFAULT_COVERAGE_AMOUNT = 500_000
export const DEFAULT_URGENCY = 'medium'

export const ClientProfileSchema = z.object({
  age: z.coerce.number().int().min(1, BULK_TEXTS.profileRequired).max(120),
  creditScore: z.coerce.number().int().min(300).max(850).nullable().optional(),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose a state')
    .transform((state) => state.toUpperCase()),
  zipCode: z.string().trim().max(10).optional(),
  insuranceHistory: z
    .object({
      yearsInsured: z.coerce.number().int().min(0).max(80).default(0),
      claimsHistory: z.coerce.number().int().min(0).max(50).default(0),
    })
    .default({ yearsInsured: 0, claimsHistory: 0 }),
  riskFactors: z
    .object({ smokingStatus: z.enum(SMOKING_STATUSES).default('non_smoker') })
    .default({ smokingStatus: 'non_smoker' }),
  budgetRange: z.enum(BUDGET_RANGES).nullable().optional(),
})
export type ClientProfileInput = z.input<typeof ClientProfileSchema>

export const CoverageRequirementsSchema = z.object({
  insuranceType: z.enum(INSURANCE_TYPES, { message: 'Choose an insurance type' }),
  coverageAmount: z.coerce.number().int().min(1).max(100_000_000).default(DEFAULT_COVERAGE_AMOUNT),
  urgency: z.enum(URGENCIES).default(DEFAULT_URGENCY),
})

/** The spec sends an empty object; these narrow the list when given. */
export const RecommendationFiltersSchema = z
  .object({
    maxPrice: z.number().min(0).optional(),
    minCoverageRating: z.number().min(0).max(5).optional(),
    minConsumerConfidence: z.number().min(0).max(5).optional(),
    preferredFinancialStrength: z.array(z.enum(FINANCIAL_STRENGTHS)).optional(),
  })
  .default({})

export const RecommendedCarrierSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  submissionMethod: z.enum(SUBMISSION_METHODS),
  licensedStates: z.array(z.string()),
  financialStrength: z.string().nullable(),
  avgPremiumCost: z.number().nullable(),
  coverageRating: z.number().nullable(),
  consumerConfidenceScore: z.number().nullable(),
})

export const RecommendationSchema = z.object({
  carrier: RecommendedCarrierSchema,
  matchScore: z.number().int().min(0).max(100),
  recommendationLevel: z.enum(LEVELS.map((band) => band.level) as ['excellent', 'good', 'fair', 'poor']),
  /** Dollars per year. */
  estimatedQuote: z.number(),
  processingTime: z.string(),
  reasons: z.array(z.string()),
})
export type Recommendation = z.infer<typeof RecommendationSchema>

export const recommendationsCall = defineCall({
  method: 'POST',
  path: '/api/bulk-submission/recommendations',
  body: z.object({
    clientProfile: ClientProfileSchema,
    coverageRequirements: CoverageRequirementsSchema,
    filters: RecommendationFiltersSchema,
  }),
  response: z.array(RecommendationSchema),
})

/** The spec's bulk submission result, plus what the agency needs to follow it up. */
export const SubmissionResultSchema = z.object({
  submissionId: z.string(),
  carrierId: z.string(),
  carrierName: z.string(),
  /** success, failed, or pending while delivery is still under way (retries included). */
  status: z.enum(['success', 'failed', 'pending']),
  deliveryStatus: z.enum(SUBMISSION_STATUSES),
  message: z.string(),
  submissionMethod: z.enum(SUBMISSION_METHODS),
  processingTime: z.string(),
  confirmationNumber: z.string().nullable(),
})
export type SubmissionResult = z.infer<typeof SubmissionResultSchema>

export const SubmitBodySchema = z.object({
  applicationId: z.uuid({ message: BULK_TEXTS.applicationNotFound }),
  submissionType: z.literal('specific_carriers').default('specific_carriers'),
  carrierIds: z
    .array(z.uuid({ message: BULK_TEXTS.carrierNotAvailable }))
    .min(1, BULK_TEXTS.noCarriers)
    .max(500),
  /** Also accepted as the Idempotency-Key header: a retried or double-clicked submit sends once. */
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
})

export const submitCall = defineCall({
  method: 'POST',
  path: '/api/bulk-submission/submit',
  body: SubmitBodySchema,
  response: z.array(SubmissionResultSchema),
})

export const listSubmissionsCall = defineCall({
  method: 'GET',
  path: '/api/applications/:id/submissions',
  params: z.object({ id: z.uuid({ message: 'Not found' }) }),
  response: z.object({ submissions: z.array(ApplicationSubmissionSchema) }),
})

const SubmissionIdSchema = z.object({ id: z.uuid({ message: 'Not found' }) })

/** Queue a failed delivery again. */
export const retrySubmissionCall = defineCall({
  method: 'POST',
  path: '/api/submissions/:id/retry',
  params: SubmissionIdSchema,
  response: ApplicationSubmissionSchema,
})

/** The agent sent the packet of a PDF or manual carrier. */
export const markSubmissionSentCall = defineCall({
  method: 'POST',
  path: '/api/submissions/:id/mark-sent',
  params: SubmissionIdSchema,
  body: z.object({ confirmationNumber: z.string().trim().max(100).optional() }),
  response: ApplicationSubmissionSchema,
})

/** The application packet PDF; downloaded with a plain link. */
export function documentDownloadPath(documentId: string): string {
  return `/api/documents/${documentId}/download`
}

export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** kept: stored here because SMTP is not configured; sent: handed to the SMTP server. */
  status: z.enum(['kept', 'sent']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attachments: z.array(z.object({ documentId: z.string(), filename: z.string() })),
})
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>

export const listOutboxCall = defineCall({
  method: 'GET',
  path: '/api/outbox',
  response: z.object({ messages: z.array(OutboxMessageSchema), smtpConfigured: z.boolean() }),
})

export const CarrierConnectionSchema = z.object({
  carrierId: z.string(),
  apiEndpoint: z.string().nullable(),
  hasSecret: z.boolean(),
  /** Where the carrier posts status updates. */
  webhookUrl: z.string(),
  /** Shown once, right after it is generated. */
  secret: z.string().optional(),
})
export type CarrierConnection = z.infer<typeof CarrierConnectionSchema>

export const CONNECTION_TEXTS = {
  endpointInvalid: 'Enter the https:// address the carrier gave you',
  endpointPrivate: 'This address is on a private network; carriers must be reachable on the internet',
  endpointUnresolvable: 'This address does not resolve',
  endpointRequired: 'Enter the API endpoint first: this carrier has no connection yet',
  nothingToChange: 'Nothing to change: give an API endpoint or ask for a new secret',
} as const

export const getCarrierConnectionCall = defineCall({
  method: 'GET',
  path: '/api/carriers/:id/connection',
  params: SubmissionIdSchema,
  response: CarrierConnectionSchema,
})

/**
 * A partial update: a field left out keeps what is saved, so the secret can be rotated without
 * the endpoint and the endpoint changed without rotating. A first connection needs an endpoint.
 */
export const updateCarrierConnectionCall = defineCall({
  method: 'PUT',
  path: '/api/carriers/:id/connection',
  params: SubmissionIdSchema,
  body: z
    .object({
      /** Left out: keep the saved one; empty or null: clear it (deliver by email or packet). */
      apiEndpoint: z
        .string()
        .trim()
        .max(500)
        .url(CONNECTION_TEXTS.endpointInvalid)
        .nullable()
        .or(z.literal('').transform(() => null))
        .optional(),
      /** Generate a new shared secret (signing our requests and checking the carrier's webhooks). */
      rotateSecret: z.boolean().default(false),
    })
    .refine((body) => body.apiEndpoint !== undefined || body.rotateSecret, CONNECTION_TEXTS.nothingToChange),
  response: CarrierConnectionSchema,
})
