import type { Renewal } from '#shared/contracts/renewals.contract.ts'
import { RENEWAL_STAGE_LABELS } from '#shared/contracts/renewals-texts.ts'
import { RENEWAL_STAGES, type RenewalStage } from '#shared/domain/renewal-pipeline.ts'
import { RenewalCard } from './renewal-card.tsx'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'

/** The renewals by stage, each column in the list's order (at risk first, then by due date). */
function byStage(renewals: readonly Renewal[]): Map<RenewalStage, Renewal[]> {
  const columns = new Map<RenewalStage, Renewal[]>(RENEWAL_STAGES.map((stage) => [stage, []]))
  for (const renewal of renewals) columns.get(renewal.stage)!.push(renewal)
  return columns
}

/**
 * The seven stages side by side. The board scrolls sideways inside its own box, so a phone's page
 * never does; each column keeps a card's width. Its cards' links take the keyboard along it.
 */
export function RenewalBoard({ renewals }: { renewals: readonly Renewal[] }) {
  const columns = byStage(renewals)
  return (
    <section aria-label={W.boardLabel} className="min-w-0 overflow-x-auto pb-2">
      <div className="grid auto-cols-[minmax(15rem,1fr)] grid-flow-col gap-3">
        {RENEWAL_STAGES.map((stage) => (
          <BoardColumn key={stage} stage={stage} renewals={columns.get(stage)!} />
        ))}
      </div>
    </section>
  )
}

function BoardColumn({ stage, renewals }: { stage: RenewalStage; renewals: Renewal[] }) {
  const headingId = `renewal-column-${stage}`
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2 rounded-lg bg-slate-100 p-2">
      <h2 id={headingId} className="px-1 text-sm font-semibold text-slate-800">
        {RENEWAL_STAGE_LABELS[stage]}
      </h2>
      {renewals.length === 0 ? (
        <p className="px-1 py-2 text-xs text-slate-600">{W.emptyColumn}</p>
      ) : (
        <ul className="grid gap-2">
          {renewals.map((renewal) => (
            <li key={renewal.id}>
              <RenewalCard renewal={renewal} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
