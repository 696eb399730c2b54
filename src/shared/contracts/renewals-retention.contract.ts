import { z } from 'zod'
import { INSURANCE_TYPES } from '../domain/insurance-types.ts'
import { LOST_REASONS } from '../domain/renewal-pipeline.ts'
import { defineCall } from './call.ts'
import { RENEWAL_TEXTS as T } from './renewals-texts.ts'

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, T.monthInvalid)

/**
 * One group's retention over closed renewals (renewed, lost, non-renewed) whose expiring term
 * ended in the period: by count and by premium (renewed premium over expiring premium).
 */
export const RetentionRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  closed: z.number().int(),
  renewed: z.number().int(),
  /** Percent with one decimal; null when nothing closed. */
  countRate: z.number().nullable(),
  /** Dollars: the expiring premium of every closed renewal, and of those renewed. */
  expiringPremium: z.number(),
  retainedPremium: z.number(),
  premiumRate: z.number().nullable(),
})
export type RetentionRow = z.infer<typeof RetentionRowSchema>

export const PremiumChangeRowSchema = z.object({
  carrierId: z.uuid(),
  carrierName: z.string(),
  count: z.number().int(),
  /** Percent, one decimal: the median change from the expiring premium to the renewed one. */
  median: z.number().nullable(),
  /** How many renewals fell in each band of change, lowest band first. */
  bands: z.array(z.object({ label: z.string(), count: z.number().int() })),
})

export const getRetentionCall = defineCall({
  method: 'GET',
  path: '/api/renewals/retention',
  /** A range of expiration months, inclusive; the last 12 months to this one by default. */
  query: z.object({ from: month.optional(), to: month.optional() }),
  response: z.object({
    from: z.string(),
    to: z.string(),
    total: RetentionRowSchema,
    byMonth: z.array(RetentionRowSchema),
    byProducer: z.array(RetentionRowSchema),
    byCarrier: z.array(RetentionRowSchema),
    byLine: z.array(RetentionRowSchema.extend({ key: z.enum(INSURANCE_TYPES) })),
    lostReasons: z.array(
      z.object({ reason: z.enum(LOST_REASONS), count: z.number().int(), premium: z.number() }),
    ),
    premiumChange: z.object({ median: z.number().nullable(), byCarrier: z.array(PremiumChangeRowSchema) }),
  }),
})
