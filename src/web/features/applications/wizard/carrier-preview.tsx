import type { Carrier } from '#shared/contracts/carriers.contract.ts'
import { formatDollars } from '#web/lib/format.ts'

export function matchingCountLabel(count: number): string {
  return `${count} matching ${count === 1 ? 'carrier' : 'carriers'}`
}

/** The carriers the application would go to, recomputed as the criteria change. */
export function CarrierPreview({ carriers }: { carriers: readonly Carrier[] }) {
  return (
    <section aria-labelledby="wizard-matching-title" className="grid gap-2">
      <h3 id="wizard-matching-title" className="text-sm font-semibold text-slate-900" aria-live="polite">
        {matchingCountLabel(carriers.length)}
      </h3>
      {carriers.length > 0 && (
        <ul
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          aria-label="Matching carriers"
          className="grid max-h-60 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 focus-visible:outline-2 focus-visible:outline-violet-700"
        >
          {carriers.map((carrier) => (
            <li
              key={carrier.id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded px-2 py-1.5 text-sm odd:bg-slate-50"
            >
              <span className="min-w-0 font-medium text-slate-900">
                {carrier.name} <span className="text-xs font-normal text-slate-600">{carrier.code}</span>
              </span>
              <span className="flex gap-3 text-xs text-slate-700">
                <span>
                  {carrier.avgPremiumCost === null ? '—' : `${formatDollars(carrier.avgPremiumCost)}/mo`}
                </span>
                <span>Coverage {carrier.coverageRating ?? '—'}</span>
                <span>Confidence {carrier.consumerConfidenceScore ?? '—'}</span>
                <span>{carrier.financialStrength ?? ''}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
