import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  type EstimateRatio,
  MIN_VARIANCE_SAMPLE,
  type QuoteVariance,
  type QuoteVarianceAnswer,
} from '#shared/contracts/quotes-variance.contract.ts'
import { countSentApplicationsByCarrier } from '../applications/applications.service.ts'
import { summariseQuotesByCarrier } from './quotes.repository.ts'

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places

/** A sample's quartiles as the wire has them: nothing but its size below the minimum sample. */
function ratioOf(sample: number, quartiles: readonly (number | string)[] | null): EstimateRatio {
  if (sample < MIN_VARIANCE_SAMPLE || !quartiles || quartiles.length !== 3)
    return { sample, median: null, lowerQuartile: null, upperQuartile: null }
  const [low, median, high] = quartiles.map((value) => round(Number(value), 4)) as [number, number, number]
  return { sample, median, lowerQuartile: low, upperQuartile: high }
}

const rateOf = (count: number, submissions: number) =>
  submissions < MIN_VARIANCE_SAMPLE ? null : round(Math.min(count, submissions) / submissions, 4)

/**
 * How each carrier's quotes and bound premiums land against the recommendation's estimate, from
 * the agency's own submissions: the median and middle half of quoted/estimate and bound/estimate,
 * and the quote and bind rates. Two grouped reads per agency (its quotes here, the carriers its
 * applications went to in applications), not one per carrier. Figures below MIN_VARIANCE_SAMPLE
 * are left out, with the sample's size, for the reader to say there are not enough yet.
 */
export async function findQuoteVariance(executor: Executor, agencyId: string): Promise<QuoteVariance[]> {
  const [rows, sent] = await Promise.all([
    summariseQuotesByCarrier(executor, agencyId),
    countSentApplicationsByCarrier(executor, agencyId),
  ])
  const quoted = new Map(rows.map((row) => [row.carrierId, row]))
  const carrierIds = [...new Set([...sent.keys(), ...quoted.keys()])].sort()
  return carrierIds.map((carrierId) => {
    const row = quoted.get(carrierId)
    const submissions = sent.get(carrierId) ?? 0
    const quotedCount = row?.quotedApplications ?? 0
    const boundCount = row?.boundApplications ?? 0
    return {
      carrierId,
      submissions,
      quoted: quotedCount,
      bound: boundCount,
      quoteRate: rateOf(quotedCount, submissions),
      bindRate: rateOf(boundCount, submissions),
      quotedToEstimate: ratioOf(row?.quotedSample ?? 0, row?.quotedQuartiles ?? null),
      boundToEstimate: ratioOf(row?.boundSample ?? 0, row?.boundQuartiles ?? null),
    }
  })
}

/** The signed-in agency's figures for every carrier it has sent to or been quoted by. */
export async function getQuoteVariance(db: Executor, { actor }: Ctx): Promise<QuoteVarianceAnswer> {
  return { minimumSample: MIN_VARIANCE_SAMPLE, carriers: await findQuoteVariance(db, actor.agencyId) }
}
