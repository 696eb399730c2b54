import { z } from 'zod'
import { INSURANCE_TYPES } from '../domain/insurance-types.ts'
import {
  COVERAGE_AMOUNTS,
  LEVELS,
  SMOKING_STATUSES,
  type SmokingStatus,
  URGENCIES,
} from '../domain/recommendations.ts'
import { SUBMISSION_STATUSES } from '../domain/submission-status.ts'
import { isUsStateCode } from '../domain/us-states.ts'
import { BULK_TEXTS } from './bulk-submission-texts.ts'
import { defineCall } from './call.ts'
import { CarrierSubmissionSchema } from './carrier-delivery.contract.ts'
import { FINANCIAL_STRENGTHS, SUBMISSION_METHODS } from './carriers.contract.ts'
import { BUDGET_RANGES } from './clients.contract.ts'

export { BULK_TEXTS }

/** The coverage choices of spec §9; the last one is shown as '2000000+'. */
export const BULK_COVERAGE_CHOICES = COVERAGE_AMOUNTS
export const DEFAULT_COVERAGE_AMOUNT = 500_000
export const DEFAULT_URGENCY = 'medium'

/** The plain readings of a yes/no smoker field a browser may send, besides the three named values. */
const SMOKING_READINGS: Record<string, SmokingStatus> = {
  true: 'smoker',
  yes: 'smoker',
  smoker: 'smoker',
  false: 'non_smoker',
  no: 'non_smoker',
  non_smoker: 'non_smoker',
  nonsmoker: 'non_smoker',
  never: 'non_smoker',
  former_smoker: 'former_smoker',
  former: 'former_smoker',
  ex_smoker: 'former_smoker',
}

/**
 * The spec names riskFactors.smokingStatus without its values. Accepted: the three values
 * (non_smoker, former_smoker, smoker), a boolean (true means smoker, false non-smoker), and their
 * plain spellings in any case with spaces or hyphens ('Non-smoker', 'former smoker', 'yes', 'no').
 */
export const SmokingStatusSchema = z.preprocess(
  (value) =>
    typeof value === 'boolean'
      ? SMOKING_READINGS[String(value)]
      : typeof value === 'string'
        ? (SMOKING_READINGS[
            value
              .trim()
              .toLowerCase()
              .replace(/[\s-]+/g, '_')
          ] ?? value)
        : value,
  z.enum(SMOKING_STATUSES, { message: 'Choose non_smoker, former_smoker or smoker (or true / false)' }),
)

export const ClientProfileSchema = z.object({
  age: z.coerce.number().int().min(1, BULK_TEXTS.profileRequired).max(120),
  creditScore: z.coerce.number().int().min(300).max(850).nullable().optional(),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose a state')
    .transform((state) => state.toUpperCase())
    // Two letters that name no state ('ZZ') would match no carrier and say nothing about why.
    .refine(isUsStateCode, { error: (issue) => `Choose a state: ${issue.input} is not a US state code` }),
  zipCode: z.string().trim().max(10).optional(),
  insuranceHistory: z
    .object({
      yearsInsured: z.coerce.number().int().min(0).max(80).default(0),
      claimsHistory: z.coerce.number().int().min(0).max(50).default(0),
    })
    .default({ yearsInsured: 0, claimsHistory: 0 }),
  riskFactors: z
    .object({ smokingStatus: SmokingStatusSchema.default('non_smoker') })
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
  response: z.object({ submissions: z.array(CarrierSubmissionSchema) }),
})

const BulkTargetSchema = z.object({
  applicationId: z.uuid({ message: BULK_TEXTS.applicationNotFound }),
  carrierIds: z
    .array(z.uuid({ message: BULK_TEXTS.carrierNotAvailable }))
    .min(1, BULK_TEXTS.noCarriers)
    .max(500),
})

/** At most this many application-and-carrier pairs in one generic bulk call. */
export const MAX_BULK_PAIRS = 1_000

export const BULK_HELPER_TEXTS = {
  shape: 'Give submissions as [{ applicationId, carrierIds }], or applicationIds with carrierIds',
  tooMany: `At most ${MAX_BULK_PAIRS} application and carrier pairs in one request`,
  notSent: 'Not sent',
} as const

/**
 * POST /api/bulk-submission, the spec's generic helper: several applications, each to the carriers
 * given. Two shapes: `submissions: [{ applicationId, carrierIds }]`, or `applicationIds` each sent
 * to the same `carrierIds`.
 */
export const BulkSubmitBodySchema = z
  .object({
    submissions: z.array(BulkTargetSchema).min(1).max(100).optional(),
    applicationIds: z
      .array(z.uuid({ message: BULK_TEXTS.applicationNotFound }))
      .min(1)
      .max(100)
      .optional(),
    carrierIds: BulkTargetSchema.shape.carrierIds.optional(),
    submissionType: z.literal('specific_carriers').optional(),
    idempotencyKey: z.string().trim().min(8).max(60).optional(),
  })
  .transform((body, context) => {
    const given =
      body.submissions ??
      (body.applicationIds && body.carrierIds
        ? body.applicationIds.map((applicationId) => ({ applicationId, carrierIds: body.carrierIds! }))
        : null)
    if (!given) {
      context.addIssue({ code: 'custom', message: BULK_HELPER_TEXTS.shape, path: ['submissions'] })
      return z.NEVER
    }
    // An application named twice goes once, to every carrier given for it.
    const merged = new Map<string, Set<string>>()
    for (const { applicationId, carrierIds } of given) {
      merged.set(applicationId, new Set([...(merged.get(applicationId) ?? []), ...carrierIds]))
    }
    const targets = [...merged].map(([applicationId, carrierIds]) => ({
      applicationId,
      carrierIds: [...carrierIds],
    }))
    if (targets.reduce((sum, target) => sum + target.carrierIds.length, 0) > MAX_BULK_PAIRS) {
      context.addIssue({ code: 'custom', message: BULK_HELPER_TEXTS.tooMany, path: ['submissions'] })
      return z.NEVER
    }
    return { targets, idempotencyKey: body.idempotencyKey }
  })

/** One application and carrier of a generic bulk call; submission fields are null when it was never sent. */
export const BulkSubmitResultSchema = SubmissionResultSchema.extend({
  applicationId: z.string(),
  submissionId: z.string().nullable(),
  deliveryStatus: z.enum(SUBMISSION_STATUSES).nullable(),
  submissionMethod: z.enum(SUBMISSION_METHODS).nullable(),
  processingTime: z.string().nullable(),
})
export type BulkSubmitResult = z.infer<typeof BulkSubmitResultSchema>

export const bulkSubmitCall = defineCall({
  method: 'POST',
  path: '/api/bulk-submission',
  body: BulkSubmitBodySchema,
  response: z.array(BulkSubmitResultSchema),
})
