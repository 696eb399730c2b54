import { z } from 'zod'
import { INSURANCE_TYPES } from '../domain/insurance-types.ts'
import {
  CANCELLATION_METHODS,
  CANCELLATION_REASONS,
  daysBetween,
  POLICY_STATUSES,
  TRANSACTION_KINDS,
} from '../domain/policy-ledger.ts'
import { defineCall } from './call.ts'
import { calendarDate, dollars, signedDollars } from './money.ts'
import { POLICY_TEXTS as T } from './policies-texts.ts'

export { POLICIES_EXPORT_PATH, POLICY_TEXTS } from './policies-texts.ts'

const id = z.uuid()
const date = calendarDate(T.dateInvalid)
/** A term longer than this is a typing mistake, not a policy. */
const MAX_TERM_DAYS = 3 * 366

export const TransactionSchema = z.object({
  id,
  kind: z.enum(TRANSACTION_KINDS),
  effectiveDate: z.string(),
  /** Dollars, signed: a cancellation's is minus its return premium. */
  premiumChange: z.number(),
  description: z.string().nullable(),
  /** A cancellation's reason, method and penalty; a reinstatement's cancellation. */
  details: z.record(z.string(), z.unknown()).nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type PolicyTransaction = z.infer<typeof TransactionSchema>

export const TermSchema = z.object({
  id,
  termNumber: z.number().int(),
  effectiveDate: z.string(),
  expirationDate: z.string(),
  /** Dollars: the sum of the term's transactions. */
  writtenPremium: z.number(),
  transactions: z.array(TransactionSchema),
})
export type PolicyTerm = z.infer<typeof TermSchema>

export const PolicyListItemSchema = z.object({
  id,
  policyNumber: z.string(),
  clientId: id,
  insuredName: z.string(),
  carrierId: id,
  carrierName: z.string(),
  lineOfBusiness: z.enum(INSURANCE_TYPES),
  status: z.enum(POLICY_STATUSES),
  /** Dollars: the current term's written premium. */
  annualPremium: z.number(),
  effectiveDate: z.string(),
  expirationDate: z.string(),
  producerUserId: id.nullable(),
  producerName: z.string().nullable(),
})
export type PolicyListItem = z.infer<typeof PolicyListItemSchema>

export const PolicySchema = PolicyListItemSchema.extend({
  source: z.enum(['bound', 'entered', 'imported']),
  applicationId: id.nullable(),
  quoteId: id.nullable(),
  cancellationDate: z.string().nullable(),
  /** Whether it can be reinstated today (cancelled, inside the agency's window). */
  canReinstate: z.boolean(),
  terms: z.array(TermSchema),
  createdAt: z.iso.datetime(),
})
export type Policy = z.infer<typeof PolicySchema>

export const POLICY_SORTS = [
  'expiration',
  '-expiration',
  'premium',
  '-premium',
  'created',
  '-created',
] as const

export const PolicyFiltersSchema = z.object({
  /** A policy number (without case, spaces or dashes) or the insured's name. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(POLICY_STATUSES).optional(),
  line: z.enum(INSURANCE_TYPES).optional(),
  carrierId: id.optional(),
  producerUserId: id.optional(),
  clientId: id.optional(),
  /** Active policies whose term ends within this many days from today. */
  expiringWithinDays: z.coerce.number().int().min(1).max(400).optional(),
  sort: z.enum(POLICY_SORTS).default('expiration'),
})
export type PolicyFilters = z.infer<typeof PolicyFiltersSchema>

export const listPoliciesCall = defineCall({
  method: 'GET',
  path: '/api/policies',
  query: PolicyFiltersSchema.extend({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.string().max(300).optional(),
  }),
  response: z.object({ policies: z.array(PolicyListItemSchema), nextCursor: z.string().nullable() }),
})

export const getPolicyCall = defineCall({
  method: 'GET',
  path: '/api/policies/:id',
  params: z.object({ id }),
  response: PolicySchema,
})

export const PolicyInputSchema = z
  .object({
    policyNumber: z.string({ message: T.policyNumberRequired }).trim().min(1, T.policyNumberRequired).max(60),
    clientId: z.uuid({ message: T.unknownClient }),
    carrierId: z.uuid({ message: T.unknownCarrier }),
    lineOfBusiness: z.enum(INSURANCE_TYPES),
    effectiveDate: date,
    expirationDate: date,
    annualPremium: dollars(T.premiumInvalid),
    producerUserId: z.uuid({ message: T.unknownProducer }).nullish(),
  })
  .superRefine((input, ctx) => {
    const days = daysBetween(input.effectiveDate, input.expirationDate)
    if (days <= 0)
      ctx.addIssue({ code: 'custom', path: ['expirationDate'], message: T.expirationBeforeEffective })
    else if (days > MAX_TERM_DAYS)
      ctx.addIssue({ code: 'custom', path: ['expirationDate'], message: T.termTooLong })
  })
export type PolicyInput = z.infer<typeof PolicyInputSchema>

export const createPolicyCall = defineCall({
  method: 'POST',
  path: '/api/policies',
  body: PolicyInputSchema,
  response: PolicySchema,
  status: 201,
})

export const endorsePolicyCall = defineCall({
  method: 'POST',
  path: '/api/policies/:id/endorsements',
  params: z.object({ id }),
  body: z.object({
    effectiveDate: date,
    premiumChange: signedDollars(T.premiumChangeInvalid),
    description: z.string({ message: T.descriptionRequired }).trim().min(1, T.descriptionRequired).max(500),
  }),
  response: PolicySchema,
  status: 201,
})

export const CancellationSchema = z.object({
  effectiveDate: date,
  reason: z.enum(CANCELLATION_REASONS),
  method: z.enum(CANCELLATION_METHODS),
  /** Short-rate only: the carrier's penalty in percent of the pro-rata return (10 unless said). */
  penaltyPercent: z
    .number({ message: T.penaltyInvalid })
    .min(0, T.penaltyInvalid)
    .max(100, T.penaltyInvalid)
    .optional(),
  note: z.string().trim().max(500).optional(),
})
export type Cancellation = z.infer<typeof CancellationSchema>

/** What a cancellation would return, shown before the agent confirms it; nothing is written. */
export const previewCancellationCall = defineCall({
  method: 'POST',
  path: '/api/policies/:id/cancel/preview',
  params: z.object({ id }),
  body: CancellationSchema,
  response: z.object({ returnPremium: z.number(), effectiveDate: z.string() }),
})

export const cancelPolicyCall = defineCall({
  method: 'POST',
  path: '/api/policies/:id/cancel',
  params: z.object({ id }),
  body: CancellationSchema,
  response: z.object({ policy: PolicySchema, returnPremium: z.number() }),
})

export const reinstatePolicyCall = defineCall({
  method: 'POST',
  path: '/api/policies/:id/reinstate',
  params: z.object({ id }),
  body: z.object({ note: z.string().trim().max(500).optional() }),
  response: PolicySchema,
})
