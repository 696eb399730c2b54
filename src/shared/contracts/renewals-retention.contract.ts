import { z } from 'zod'
import { INSURANCE_TYPES } from '../domain/insurance-types.ts'
import { LOST_REASONS } from '../domain/renewal-pipeline.ts'
import { type CallResponse, defineCall } from './call.ts'
import { RETENTION_TABLES, RETENTION_TEXTS } from './renewals-retention-texts.ts'
import { RENEWAL_TEXTS as T } from './renewals-texts.ts'

export {
  RETENTION_EXPORT_PATH,
  RETENTION_TABLE_LABELS,
  RETENTION_TABLES,
  RETENTION_TEXTS,
  type RetentionTable,
} from './renewals-retention-texts.ts'

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, T.monthInvalid)

/**
 * One group's retention over closed renewals (renewed, lost, non-renewed) whose expiring term
 * ended in the period: by count, and by premium (the renewed ones' expiring premium over every
 * closed one's, so a price change at renewal does not count as premium kept or lost).
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

const PremiumChangeSchema = z.object({
  /** How many renewed renewals have a renewed premium to compare. */
  count: z.number().int(),
  /** Percent, one decimal: the median change from the expiring premium to the renewed one. */
  median: z.number().nullable(),
  /** How many renewals fell in each band of change, lowest band first. */
  bands: z.array(z.object({ label: z.string(), count: z.number().int() })),
})

export const PremiumChangeRowSchema = PremiumChangeSchema.extend({
  carrierId: z.uuid(),
  carrierName: z.string(),
})
export type PremiumChangeRow = z.infer<typeof PremiumChangeRowSchema>

/** A range of expiration months, inclusive; the last 12 months to this one by default. */
export const RetentionRangeSchema = z.object({ from: month.optional(), to: month.optional() })
export type RetentionRange = z.infer<typeof RetentionRangeSchema>

export const getRetentionCall = defineCall({
  method: 'GET',
  path: '/api/renewals/retention',
  query: RetentionRangeSchema,
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
    /** Over every carrier, then per carrier. */
    premiumChange: PremiumChangeSchema.extend({ byCarrier: z.array(PremiumChangeRowSchema) }),
  }),
})
export type Retention = CallResponse<typeof getRetentionCall>

/** GET RETENTION_EXPORT_PATH: one of the figures' tables as CSV, over the same range. */
export const RetentionExportQuerySchema = RetentionRangeSchema.extend({
  table: z.enum(RETENTION_TABLES, { message: RETENTION_TEXTS.tableInvalid }),
})
export type RetentionExportQuery = z.infer<typeof RetentionExportQuerySchema>
