import { z } from 'zod'
import { isWholeCents } from '../domain/policy-ledger.ts'
import { isTimeZone, MAX_HORIZON_DAYS, milestoneDaysProblem } from '../domain/renewal-pipeline.ts'
import { defineCall } from './call.ts'

export const BOOK_SETTINGS_TEXTS = {
  title: 'Book of business',
  windowInvalid: 'Enter a whole number of days from 1 to 365',
  horizonInvalid: 'Enter a whole number of days from 1 to 365',
  milestoneInvalid: 'Enter a whole number of days from 1 to 365',
  atRiskPercentInvalid: 'Enter a whole percentage from 0 to 1,000',
  atRiskDollarsInvalid: 'Enter an amount in dollars and cents from 0 to 1,000,000',
  timeZoneInvalid: 'Choose a time zone from the list',
  saved: 'Book settings saved',
  saveFailed: 'The book settings were not saved',
  adminsOnly: 'Only an agency admin can change the book settings.',
  renewalsTitle: 'Renewals',
  renewalsDescription:
    'When a policy enters the renewal pipeline, when each milestone falls due, and when an offer puts a renewal at risk',
  horizonLabel: 'Renewal horizon (days)',
  horizonHint: 'A policy enters the pipeline this many days before it expires (1 to 365).',
  milestonesLegend: 'Milestones (days before expiry)',
  milestonesHint: 'Each milestone comes after the one before it, and the review within the horizon.',
  atRiskPercentLabel: 'At risk from (% increase)',
  atRiskDollarsLabel: 'At risk from ($ increase)',
  atRiskHint:
    'An offer this much dearer than the expiring premium, by either measure, flags the renewal at risk.',
  timeZoneLabel: 'Agency time zone',
  timeZoneHint: 'Milestones fall due and turn overdue at midnight here.',
} as const
const T = BOOK_SETTINGS_TEXTS

/** The longest reinstatement window an agency can set: a carrier's is counted in days, not years. */
export const MAX_REINSTATEMENT_WINDOW_DAYS = 365
/** The largest at-risk percentage and amount an agency can set. */
export const MAX_AT_RISK_PERCENT = 1000
export const MAX_AT_RISK_DOLLARS = 1_000_000

const days = (message: string, max: number) =>
  z.number({ message }).int(message).min(1, message).max(max, message)

const milestoneDays = days(T.milestoneInvalid, MAX_HORIZON_DAYS)

const MilestoneDaysSchema = z.object({
  review: z.number().int(),
  remarket_decision: z.number().int(),
  quotes_compared: z.number().int(),
  client_contacted: z.number().int(),
})

/**
 * How the agency runs its book: the reinstatement window, and the renewal pipeline's horizon,
 * milestones (days before expiration, keyed by milestone), at-risk threshold and the agency's time
 * zone (a milestone falls due and turns overdue at the agency's midnight). Commissions
 * (tolerance) add their fields here.
 */
export const BookSettingsSchema = z.object({
  /** Days after a cancellation's effective date within which it can be reinstated. */
  reinstatementWindowDays: z.number().int(),
  /** A policy enters the renewal pipeline this many days before its expiration. */
  renewalHorizonDays: z.number().int(),
  renewalMilestoneDays: MilestoneDaysSchema,
  /** An offer dearer by this percentage, or by this many dollars, flags its renewal at risk. */
  renewalAtRiskPercent: z.number(),
  renewalAtRiskDollars: z.number(),
  /** An IANA time zone name, such as America/Chicago. */
  timeZone: z.string(),
})
export type BookSettings = z.infer<typeof BookSettingsSchema>

/** The whole settings (a PUT): the milestones are checked against each other and the horizon. */
export const BookSettingsInputSchema = z
  .object({
    reinstatementWindowDays: days(T.windowInvalid, MAX_REINSTATEMENT_WINDOW_DAYS),
    renewalHorizonDays: days(T.horizonInvalid, MAX_HORIZON_DAYS),
    renewalMilestoneDays: z
      .object(
        {
          review: milestoneDays,
          remarket_decision: milestoneDays,
          quotes_compared: milestoneDays,
          client_contacted: milestoneDays,
        },
        { message: T.milestoneInvalid },
      )
      .strict(),
    renewalAtRiskPercent: z
      .number({ message: T.atRiskPercentInvalid })
      .int(T.atRiskPercentInvalid)
      .min(0, T.atRiskPercentInvalid)
      .max(MAX_AT_RISK_PERCENT, T.atRiskPercentInvalid),
    renewalAtRiskDollars: z
      .number({ message: T.atRiskDollarsInvalid })
      .min(0, T.atRiskDollarsInvalid)
      .max(MAX_AT_RISK_DOLLARS, T.atRiskDollarsInvalid)
      .refine(isWholeCents, T.atRiskDollarsInvalid),
    timeZone: z
      .string({ message: T.timeZoneInvalid })
      .max(64, T.timeZoneInvalid)
      .refine(isTimeZone, T.timeZoneInvalid),
  })
  .strict()
  .superRefine((input, ctx) => {
    // Fields refused on their own are not judged against each other as well.
    const inRange = (value: unknown) =>
      Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_HORIZON_DAYS
    const milestones = input.renewalMilestoneDays
    if (!milestones || !Object.values(milestones).every(inRange)) return
    const horizon = inRange(input.renewalHorizonDays) ? input.renewalHorizonDays : MAX_HORIZON_DAYS
    const problem = milestoneDaysProblem(milestones, horizon)
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: ['renewalMilestoneDays', problem.milestone],
        message: problem.message,
      })
  })
export type BookSettingsInput = z.input<typeof BookSettingsInputSchema>

const BookSettingsAnswerSchema = z.object({
  settings: BookSettingsSchema,
  /** Agency admins change them; everyone reads them. */
  canEdit: z.boolean(),
})

export const getBookSettingsCall = defineCall({
  method: 'GET',
  path: '/api/settings/book',
  response: BookSettingsAnswerSchema,
})

export const updateBookSettingsCall = defineCall({
  method: 'PUT',
  path: '/api/settings/book',
  body: BookSettingsInputSchema,
  response: BookSettingsAnswerSchema,
})
