import { z } from 'zod'
import { INSURANCE_TYPES } from '../domain/insurance-types.ts'
import { LOST_REASONS, MILESTONES, RENEWAL_STAGES } from '../domain/renewal-pipeline.ts'
import { defineCall } from './call.ts'
import { calendarDate, dollars } from './money.ts'
import { RENEWAL_TEXTS as T } from './renewals-texts.ts'

export {
  LOST_REASON_LABELS,
  MILESTONE_LABELS,
  RENEWAL_STAGE_LABELS,
  RENEWAL_TEXTS,
  RENEWALS_EXPORT_PATH,
} from './renewals-texts.ts'

const id = z.uuid()
const date = calendarDate(T.dateInvalid)

export const RenewalOfferSchema = z.object({
  /** Dollars for the offered term. */
  premium: z.number(),
  termMonths: z.number().int(),
  effectiveDate: z.string(),
  changes: z.string().nullable(),
  receivedAt: z.iso.datetime(),
})

export const RenewalSchema = z.object({
  id,
  policyId: id,
  policyNumber: z.string(),
  insuredName: z.string(),
  clientId: id,
  carrierId: id,
  carrierName: z.string(),
  lineOfBusiness: z.enum(INSURANCE_TYPES),
  stage: z.enum(RENEWAL_STAGES),
  assigneeId: id.nullable(),
  assigneeName: z.string().nullable(),
  expirationDate: z.string(),
  /** The next milestone and its date; null once the renewal is closed. */
  nextMilestone: z.enum(MILESTONES).nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  /** Dollars: the expiring term's written premium. */
  expiringPremium: z.number(),
  offer: RenewalOfferSchema.nullable(),
  /** The offer against the expiring premium, in dollars and percent (one decimal). */
  changeAmount: z.number().nullable(),
  changePercent: z.number().nullable(),
  atRisk: z.boolean(),
  lostReason: z.enum(LOST_REASONS).nullable(),
  remarketApplicationId: id.nullable(),
  renewedPolicyId: id.nullable(),
  createdAt: z.iso.datetime(),
})
export type Renewal = z.infer<typeof RenewalSchema>

export const RenewalEventSchema = z.object({
  id,
  kind: z.enum(['entered', 'stage', 'assigned', 'offer', 'remarketed', 'renewed']),
  fromStage: z.enum(RENEWAL_STAGES).nullable(),
  toStage: z.enum(RENEWAL_STAGES).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  byName: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type RenewalEvent = z.infer<typeof RenewalEventSchema>

export const RenewalFiltersSchema = z.object({
  stage: z.enum(RENEWAL_STAGES).optional(),
  assigneeId: id.optional(),
  line: z.enum(INSURANCE_TYPES).optional(),
  carrierId: id.optional(),
  /** Open renewals whose next milestone falls on or before this date. */
  dueBefore: date.optional(),
  /** One policy's renewals (its page links the open one). */
  policyId: id.optional(),
})
export type RenewalFilters = z.infer<typeof RenewalFiltersSchema>

/** Open renewals at risk first, then by their next milestone; closed ones after. */
export const listRenewalsCall = defineCall({
  method: 'GET',
  path: '/api/renewals',
  query: RenewalFiltersSchema.extend({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    cursor: z.string().max(300).optional(),
  }),
  response: z.object({ renewals: z.array(RenewalSchema), nextCursor: z.string().nullable() }),
})

/** Each milestone's date for this renewal's term, by the agency's milestone settings, in order. */
export const RenewalMilestoneSchema = z.object({ milestone: z.enum(MILESTONES), date: z.string() })

export const getRenewalCall = defineCall({
  method: 'GET',
  path: '/api/renewals/:id',
  params: z.object({ id }),
  response: RenewalSchema.extend({
    milestones: z.array(RenewalMilestoneSchema),
    history: z.array(RenewalEventSchema),
  }),
})
export type RenewalDetails = z.infer<(typeof getRenewalCall)['response']>

export const RenewalChangeSchema = z
  .object({
    stage: z.enum(RENEWAL_STAGES).optional(),
    assigneeId: z.uuid({ message: T.unknownAssignee }).nullable().optional(),
    lostReason: z.enum(LOST_REASONS).optional(),
  })
  .superRefine((change, ctx) => {
    if (change.stage === undefined && change.assigneeId === undefined)
      ctx.addIssue({ code: 'custom', path: ['stage'], message: T.nothingToChange })
    if (change.stage === 'lost' && !change.lostReason)
      ctx.addIssue({ code: 'custom', path: ['lostReason'], message: T.lostReasonRequired })
    if (change.lostReason && change.stage !== 'lost')
      ctx.addIssue({ code: 'custom', path: ['lostReason'], message: T.lostReasonOnlyWhenLost })
    if (change.stage === 'renewed')
      ctx.addIssue({ code: 'custom', path: ['stage'], message: T.renewThroughRenew })
  })
export type RenewalChange = z.infer<typeof RenewalChangeSchema>

export const changeRenewalCall = defineCall({
  method: 'PATCH',
  path: '/api/renewals/:id',
  params: z.object({ id }),
  body: RenewalChangeSchema,
  response: RenewalSchema,
})

export const RenewalOfferInputSchema = z.object({
  premium: dollars(T.premiumInvalid),
  termMonths: z.union([z.literal(6), z.literal(12)], { message: T.termInvalid }),
  /** The new term's first day; the expiring term's expiration unless the carrier says otherwise. */
  effectiveDate: date.optional(),
  changes: z.string().trim().max(2000, T.changesTooLong).optional(),
})
export type RenewalOfferInput = z.infer<typeof RenewalOfferInputSchema>

export const recordRenewalOfferCall = defineCall({
  method: 'POST',
  path: '/api/renewals/:id/offer',
  params: z.object({ id }),
  body: RenewalOfferInputSchema,
  response: RenewalSchema,
})
