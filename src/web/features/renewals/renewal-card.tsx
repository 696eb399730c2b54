import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Renewal } from '#shared/contracts/renewals.contract.ts'
import { formatCents } from '#web/lib/format.ts'
import { milestoneText, OfferText, RenewalFlags } from './renewal-cells.tsx'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'

export const renewalPath = (id: string) => `/renewals/${id}`

/** One renewal on the board: who, which policy, the money, who works it and what is due next. */
export function RenewalCard({ renewal }: { renewal: Renewal }) {
  const headingId = `renewal-card-${renewal.id}`
  return (
    <article
      aria-labelledby={headingId}
      className={
        renewal.atRisk
          ? 'grid gap-2 rounded-md border border-red-200 bg-white p-3 shadow-sm'
          : 'grid gap-2 rounded-md border border-slate-200 bg-white p-3 shadow-sm'
      }
    >
      <div className="grid gap-0.5">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          <Link to={renewalPath(renewal.id)} className="text-violet-700 underline-offset-2 hover:underline">
            {renewal.insuredName}
          </Link>
        </h3>
        <p className="text-xs text-slate-600">{renewal.policyNumber}</p>
      </div>
      <RenewalFlags renewal={renewal} />
      <dl className="grid gap-1 text-xs">
        <Item label={W.expiringPremium}>
          <span className="tabular-nums">{formatCents(renewal.expiringPremium)}</span>
        </Item>
        <Item label={W.offer}>
          <OfferText renewal={renewal} />
        </Item>
        <Item label={W.assignee}>{renewal.assigneeName ?? W.unassigned}</Item>
        <Item label={W.nextMilestone}>
          <span className={renewal.overdue ? 'font-semibold text-orange-800' : undefined}>
            {milestoneText(renewal)}
          </span>
        </Item>
      </dl>
    </article>
  )
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </div>
  )
}
