import { useQuery } from '@tanstack/react-query'
import type { EstimateRatio, QuoteVariance } from '#shared/contracts/quotes-variance.contract.ts'
import { QUOTE_VARIANCE_TEXTS as T } from '#shared/contracts/quotes-variance-texts.ts'
import { quoteVarianceQuery } from './quotes.queries.ts'

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`

function ratioText(ratio: EstimateRatio): { value: string; detail?: string } {
  if (ratio.median === null || ratio.lowerQuartile === null || ratio.upperQuartile === null)
    return { value: T.notEnough }
  return {
    value: percent(ratio.median),
    detail: fill(T.spread, { low: percent(ratio.lowerQuartile), high: percent(ratio.upperQuartile) }),
  }
}

function rateText(rate: number | null, count: number, total: number): { value: string; detail?: string } {
  if (rate === null) return { value: T.notEnough }
  return { value: percent(rate), detail: fill(T.rate, { count, total }) }
}

function Figures({ variance }: { variance: QuoteVariance }) {
  const figures: [string, { value: string; detail?: string }][] = [
    [T.quoted, ratioText(variance.quotedToEstimate)],
    [T.bound, ratioText(variance.boundToEstimate)],
    [T.quoteRate, rateText(variance.quoteRate, variance.quoted, variance.submissions)],
    [T.bindRate, rateText(variance.bindRate, variance.bound, variance.submissions)],
  ]
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
      {figures.map(([label, figure]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900">{figure.value}</dd>
          {figure.detail && <dd className="text-xs text-slate-600">{figure.detail}</dd>}
        </div>
      ))}
    </dl>
  )
}

/**
 * How the carrier's quotes and bound premiums have landed against the recommendation's estimate
 * at this agency, and how often it quotes and binds; below the minimum sample, says there are
 * not enough quotes yet. Every row of a page reads the one answer for the agency.
 */
export function CarrierQuoteVariance({ carrierId, carrierName }: { carrierId: string; carrierName: string }) {
  const { data } = useQuery(quoteVarianceQuery)
  // Figures beside the row's own: while they load, or if they cannot, the row stands without them.
  if (!data) return null
  const variance = data.carriers.find((carrier) => carrier.carrierId === carrierId)
  const sample = variance?.quotedToEstimate.sample ?? 0
  const enough = variance && (variance.quotedToEstimate.median !== null || variance.quoteRate !== null)
  return (
    <section
      aria-label={`${T.title}: ${carrierName}`}
      className="grid gap-2 rounded-md bg-slate-50 p-3 text-sm"
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{T.title}</p>
      {enough ? (
        <Figures variance={variance} />
      ) : (
        <div>
          <p className="font-medium text-slate-900">{T.notEnough}</p>
          <p className="text-xs text-slate-600">
            {fill(T.notEnoughDetail, { count: sample, minimum: data.minimumSample })}
          </p>
        </div>
      )}
    </section>
  )
}
