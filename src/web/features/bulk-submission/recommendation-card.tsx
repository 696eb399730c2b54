import type { ComponentType } from 'react'
import type { Recommendation } from '#shared/contracts/bulk-submission.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Progress } from '#web/components/progress.tsx'
import { formatDollars } from '#web/lib/format.ts'
import { LEVEL_LABELS, LEVEL_TONES, METHOD_LABELS } from './bulk-messages.ts'

/** Figures about the carrier that another feature keeps (the quotes' indication to bound). */
export type CarrierFigures = ComponentType<{ carrierId: string; carrierName: string }>

/**
 * One carrier's match: score out of 100, level, yearly quote, processing time and the reasons,
 * and, when composed in, how the carrier's quotes have landed against such estimates before.
 */
export function RecommendationCard({
  recommendation,
  Figures,
}: {
  recommendation: Recommendation
  Figures?: CarrierFigures | undefined
}) {
  const { carrier, matchScore, recommendationLevel, estimatedQuote, processingTime, reasons } = recommendation
  const headingId = `recommendation-${carrier.id}`
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-slate-900">
          {carrier.name}
        </h4>
        <Badge tone={LEVEL_TONES[recommendationLevel]}>{LEVEL_LABELS[recommendationLevel]}</Badge>
      </div>
      <div className="grid gap-1">
        <p className="flex justify-between text-sm text-slate-700">
          <span>Match score</span>
          <span className="font-semibold text-slate-900">{matchScore}/100</span>
        </p>
        <Progress value={matchScore} label={`Match score for ${carrier.name}`} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-600">Estimated quote</dt>
          <dd className="font-medium text-slate-900">{formatDollars(estimatedQuote)}/year</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Processing time</dt>
          <dd className="text-slate-900">{processingTime}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Submission method</dt>
          <dd className="text-slate-900">{METHOD_LABELS[carrier.submissionMethod]}</dd>
        </div>
      </dl>
      {Figures && <Figures carrierId={carrier.id} carrierName={carrier.name} />}
      {reasons.length > 0 && (
        <ul aria-label={`Why ${carrier.name}`} className="grid list-disc gap-0.5 pl-5 text-sm text-slate-700">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </article>
  )
}
