import { ChevronLeft, Send } from 'lucide-react'
import type { Recommendation } from '#shared/contracts/bulk-submission.contract.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { CHECKBOX_INPUT_CLASSES } from '#web/components/checkbox.tsx'
import { formatDollars } from '#web/lib/format.ts'
import { LEVEL_LABELS, LEVEL_TONES } from './bulk-messages.ts'
import { StageFooter } from './stage-indicator.tsx'

interface SelectionStageProps {
  recommendations: Recommendation[]
  selected: ReadonlySet<string>
  onSelect: (carrierIds: ReadonlySet<string>) => void
  submitting: boolean
  onBack: () => void
  onSubmit: () => void
}

const isRecommended = (recommendation: Recommendation) =>
  recommendation.recommendationLevel === 'excellent' || recommendation.recommendationLevel === 'good'

export function submitLabel(count: number): string {
  return `Submit to ${count} ${count === 1 ? 'carrier' : 'carriers'}`
}

/** Spec §2: the agent picks the carriers; nothing is picked for them. */
export function SelectionStage({
  recommendations,
  selected,
  onSelect,
  submitting,
  onBack,
  onSubmit,
}: SelectionStageProps) {
  const chosen = recommendations.filter((recommendation) => selected.has(recommendation.carrier.id))
  const pick = (list: Recommendation[]) => onSelect(new Set(list.map((r) => r.carrier.id)))

  function toggle(carrierId: string, on: boolean) {
    const next = new Set(selected)
    if (on) next.add(carrierId)
    else next.delete(carrierId)
    onSelect(next)
  }

  return (
    <>
      <section aria-labelledby="bulk-selection-heading" className="grid gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="bulk-selection-heading" className="font-semibold text-slate-900">
            Choose carriers
          </h3>
          <p className="text-sm text-slate-600" aria-live="polite">
            {chosen.length} of {recommendations.length} selected
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => pick(recommendations)}>
            Select all
          </Button>
          <Button size="sm" variant="outline" onClick={() => pick(recommendations.filter(isRecommended))}>
            Select recommended (excellent and good)
          </Button>
          <Button size="sm" variant="ghost" disabled={chosen.length === 0} onClick={() => pick([])}>
            Clear
          </Button>
        </div>
        <ul
          aria-label="Carriers to submit to"
          className="divide-y divide-slate-200 rounded-md border border-slate-200"
        >
          {recommendations.map(({ carrier, recommendationLevel, matchScore, estimatedQuote }) => {
            const id = `bulk-select-${carrier.id}`
            return (
              <li key={carrier.id} className="flex items-center gap-3 px-3 py-2">
                <input
                  id={id}
                  type="checkbox"
                  checked={selected.has(carrier.id)}
                  onChange={(event) => toggle(carrier.id, event.target.checked)}
                  aria-describedby={`${id}-meta`}
                  className={CHECKBOX_INPUT_CLASSES}
                />
                {/* On a phone the level, score and quote wrap under the name. */}
                <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3">
                  <label
                    htmlFor={id}
                    className="flex min-h-9 min-w-0 flex-1 basis-48 cursor-pointer items-center font-medium"
                  >
                    {carrier.name}
                  </label>
                  <span
                    id={`${id}-meta`}
                    className="flex items-center gap-2 pb-1 text-sm text-slate-600 sm:pb-0"
                  >
                    <Badge tone={LEVEL_TONES[recommendationLevel]}>{LEVEL_LABELS[recommendationLevel]}</Badge>
                    <span>{matchScore}/100</span>
                    <span>{formatDollars(estimatedQuote)}/year</span>
                  </span>
                </div>
              </li>
            )
          })}
        </ul>
      </section>
      <StageFooter>
        <Button variant="outline" className="mr-auto" disabled={submitting} onClick={onBack}>
          <ChevronLeft aria-hidden="true" />
          Back
        </Button>
        <Button disabled={submitting} onClick={onSubmit}>
          <Send aria-hidden="true" />
          {submitting ? 'Submitting...' : submitLabel(chosen.length)}
        </Button>
      </StageFooter>
    </>
  )
}
