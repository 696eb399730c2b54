import { z } from 'zod'
import { defineCall } from './call.ts'

export { MIN_VARIANCE_SAMPLE, QUOTE_VARIANCE_TEXTS } from './quotes-variance-texts.ts'

/**
 * Premium over the recommendation's estimate, across a sample: the median and the quartiles
 * around it (the middle half of the carrier's prices). Null figures below the minimum sample.
 */
export const EstimateRatioSchema = z.object({
  sample: z.number().int(),
  median: z.number().nullable(),
  lowerQuartile: z.number().nullable(),
  upperQuartile: z.number().nullable(),
})
export type EstimateRatio = z.infer<typeof EstimateRatioSchema>

/** One carrier's record with the agency: how its quotes land against the recommendation's estimate. */
export const QuoteVarianceSchema = z.object({
  carrierId: z.uuid(),
  /** Applications the agency sent the carrier. */
  submissions: z.number().int(),
  /** Of them, those the carrier quoted (a decline is not a quote). */
  quoted: z.number().int(),
  /** Of them, those bound with the carrier. */
  bound: z.number().int(),
  /** quoted / submissions and bound / submissions, 0 to 1; null below the minimum of submissions. */
  quoteRate: z.number().nullable(),
  bindRate: z.number().nullable(),
  /** Annualised quoted premium / estimate, over every priced quote that has an estimate. */
  quotedToEstimate: EstimateRatioSchema,
  /** Annualised bound premium / estimate, over the bound quotes that have one. */
  boundToEstimate: EstimateRatioSchema,
})
export type QuoteVariance = z.infer<typeof QuoteVarianceSchema>

export const quoteVarianceCall = defineCall({
  method: 'GET',
  path: '/api/quotes/variance',
  response: z.object({
    minimumSample: z.number().int(),
    /** Every carrier the agency sent an application to or has a quote from. */
    carriers: z.array(QuoteVarianceSchema),
  }),
})
export type QuoteVarianceAnswer = z.infer<(typeof quoteVarianceCall)['response']>
