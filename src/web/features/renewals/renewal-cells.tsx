import { Clock, TriangleAlert } from 'lucide-react'
import type { Renewal } from '#shared/contracts/renewals.contract.ts'
import { MILESTONE_LABELS, RENEWAL_STAGE_LABELS } from '#shared/contracts/renewals-texts.ts'
import type { RenewalStage } from '#shared/domain/renewal-pipeline.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'
import { formatCents, formatDay } from '#web/lib/format.ts'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'

const STAGE_TONES: Record<RenewalStage, BadgeTone> = {
  upcoming: 'neutral',
  in_review: 'blue',
  remarketing: 'violet',
  quoted: 'yellow',
  renewed: 'green',
  lost: 'red',
  non_renewed: 'orange',
}

export function StageBadge({ stage }: { stage: RenewalStage }) {
  return <Badge tone={STAGE_TONES[stage]}>{RENEWAL_STAGE_LABELS[stage]}</Badge>
}

export function AtRiskBadge() {
  return (
    <Badge tone="red" className="gap-1">
      <TriangleAlert aria-hidden="true" className="size-3" />
      {W.atRisk}
    </Badge>
  )
}

export function OverdueBadge() {
  return (
    <Badge tone="orange" className="gap-1">
      <Clock aria-hidden="true" className="size-3" />
      {W.overdue}
    </Badge>
  )
}

/** The renewal's flags, at risk first: what an agent looks for before anything else. */
export function RenewalFlags({ renewal }: { renewal: Pick<Renewal, 'atRisk' | 'overdue'> }) {
  if (!renewal.atRisk && !renewal.overdue) return null
  return (
    <span className="inline-flex flex-wrap gap-1">
      {renewal.atRisk && <AtRiskBadge />}
      {renewal.overdue && <OverdueBadge />}
    </span>
  )
}

/** A percent with its sign and at most one decimal: '+15%', '−3.5%', '0%'. */
export function formatPercent(percent: number): string {
  const magnitude = `${Math.round(Math.abs(percent) * 10) / 10}%`
  if (percent > 0) return `+${magnitude}`
  if (percent < 0) return `−${magnitude}`
  return magnitude
}

/** A dollar change with its sign: '+$300.00', '−$45.50'. */
export function formatAmountChange(amount: number): string {
  if (amount > 0) return `+${formatCents(amount)}`
  if (amount < 0) return `−${formatCents(-amount)}`
  return formatCents(0)
}

/** '+$300.00 (+15%)', or the dollars alone when the expiring premium was zero. */
export function formatChange(amount: number, percent: number | null): string {
  return percent === null
    ? formatAmountChange(amount)
    : `${formatAmountChange(amount)} (${formatPercent(percent)})`
}

/** The offer's premium and its % change, or that there is none yet. */
export function OfferText({ renewal }: { renewal: Renewal }) {
  if (!renewal.offer) return <span className="text-slate-600">{W.noOffer}</span>
  return (
    <span className="tabular-nums">
      {formatCents(renewal.offer.premium)}
      {renewal.changePercent !== null && (
        <span className={renewal.atRisk ? 'font-semibold text-red-800' : 'text-slate-700'}>
          {' '}
          {formatPercent(renewal.changePercent)}
        </span>
      )}
    </span>
  )
}

/** 'Review, due Jan 5, 2027', or a dash once the renewal is closed. */
export function milestoneText(renewal: Pick<Renewal, 'nextMilestone' | 'dueDate'>): string {
  if (!renewal.nextMilestone || !renewal.dueDate) return W.noMilestone
  return `${MILESTONE_LABELS[renewal.nextMilestone]}, ${W.due} ${formatDay(renewal.dueDate)}`
}
