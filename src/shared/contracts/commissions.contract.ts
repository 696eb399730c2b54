import { z } from 'zod'
import { FULL_SHARE_BP, isWholeBasisPoints } from '../domain/commission-math.ts'
import { INSURANCE_TYPES } from '../domain/insurance-types.ts'
import { defineCall } from './call.ts'
import { COMMISSION_TEXTS as T } from './commissions-texts.ts'
import { calendarDate } from './money.ts'

export { COMMISSION_TEXTS, PRODUCER_ROLE_LABELS, RATE_SOURCE_LABELS } from './commissions-texts.ts'

/**
 * Commission schedules (issue #32): the agency's rates per carrier and line, new business and
 * renewal apart, each dated from a day on. Rates are percent with two decimals on the wire, basis
 * points inside.
 */

const id = z.uuid()
export const commissionDate = calendarDate(T.dateInvalid)

/** A commission rate as a field takes it: 0 to 100 percent, at most two decimals. */
export const ratePercent = z
  .number({ message: T.rateInvalid })
  .finite(T.rateInvalid)
  .min(0, T.rateInvalid)
  .max(FULL_SHARE_BP / 100, T.rateInvalid)
  .refine(isWholeBasisPoints, T.rateInvalid)

export const CommissionRateSchema = z.object({
  id,
  /** Null: the agency's default, for every carrier without a rate of its own. */
  carrierId: id.nullable(),
  carrierName: z.string().nullable(),
  /** Null: every line of the carrier (or of the agency's default). */
  lineOfBusiness: z.enum(INSURANCE_TYPES).nullable(),
  /** Percent; both null on a row that ended the rate from its date. */
  newBusinessRate: z.number().nullable(),
  renewalRate: z.number().nullable(),
  effectiveFrom: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type CommissionRate = z.infer<typeof CommissionRateSchema>

/**
 * current: the rate in force today; scheduled: from a day still ahead; superseded: replaced by a
 * later row; ended: the row that ended its carrier and line's rate.
 */
export const RATE_ENTRY_STATUSES = ['current', 'scheduled', 'superseded', 'ended'] as const

export const CommissionRateEntrySchema = CommissionRateSchema.extend({
  status: z.enum(RATE_ENTRY_STATUSES),
})
export type CommissionRateEntry = z.infer<typeof CommissionRateEntrySchema>

/** The history a schedule answers at most, newest first; historyTotal says how many there are. */
export const SCHEDULE_HISTORY_LIMIT = 200

export const listCommissionSchedulesCall = defineCall({
  method: 'GET',
  path: '/api/commissions/schedules',
  response: z.object({
    /** The rates in force today: the agency's defaults first, then by carrier and line. */
    rates: z.array(CommissionRateSchema),
    /** Every change, newest effective date first (at most SCHEDULE_HISTORY_LIMIT). */
    history: z.array(CommissionRateEntrySchema),
    historyTotal: z.number().int(),
    /** Agency admins change the schedule; everyone reads it. */
    canEdit: z.boolean(),
  }),
})

export const SetCommissionRateSchema = z
  .object({
    carrierId: z.uuid({ message: T.unknownCarrier }).nullable(),
    lineOfBusiness: z.enum(INSURANCE_TYPES, { message: T.lineInvalid }).nullable(),
    newBusinessRate: ratePercent,
    renewalRate: ratePercent,
    /** Today unless given: terms that start on or after it earn the rate. */
    effectiveFrom: commissionDate.optional(),
  })
  .strict()
export type SetCommissionRateInput = z.input<typeof SetCommissionRateSchema>

export const setCommissionRateCall = defineCall({
  method: 'POST',
  path: '/api/commissions/schedules',
  body: SetCommissionRateSchema,
  response: CommissionRateSchema,
  status: 201,
})

/** Ends a carrier and line's rate from a day on (today unless given): later terms fall through to the next rate. */
export const endCommissionRateCall = defineCall({
  method: 'POST',
  path: '/api/commissions/schedules/:id/end',
  params: z.object({ id }),
  body: z.object({ effectiveFrom: commissionDate.optional() }).strict(),
  response: CommissionRateSchema,
  status: 201,
})
