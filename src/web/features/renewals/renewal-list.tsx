import { Link } from 'react-router'
import type { Renewal } from '#shared/contracts/renewals.contract.ts'
import { Card } from '#web/components/card.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { formatCents } from '#web/lib/format.ts'
import { renewalPath } from './renewal-card.tsx'
import { formatChange, milestoneText, OfferText, RenewalFlags, StageBadge } from './renewal-cells.tsx'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'

const LINK = 'font-medium text-violet-700 underline-offset-2 hover:underline'

const COLUMNS: readonly DataColumn<Renewal>[] = [
  {
    key: 'insured',
    header: W.insured,
    cell: (renewal) => (
      <Link to={renewalPath(renewal.id)} className={LINK}>
        {renewal.insuredName}
      </Link>
    ),
  },
  { key: 'policy', header: W.policy, cell: (renewal) => renewal.policyNumber },
  {
    key: 'flags',
    header: <span className="sr-only">{W.flags}</span>,
    cell: (r) => <RenewalFlags renewal={r} />,
  },
  { key: 'stage', header: W.stage, cell: (renewal) => <StageBadge stage={renewal.stage} /> },
  {
    key: 'expiring',
    header: W.expiringPremium,
    cell: (renewal) => formatCents(renewal.expiringPremium),
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
  },
  { key: 'offer', header: W.offer, cell: (renewal) => <OfferText renewal={renewal} /> },
  {
    key: 'change',
    header: W.change,
    cell: (renewal) =>
      renewal.changeAmount === null
        ? W.noMilestone
        : formatChange(renewal.changeAmount, renewal.changePercent),
    cellClassName: 'tabular-nums',
  },
  { key: 'assignee', header: W.assignee, cell: (renewal) => renewal.assigneeName ?? W.unassigned },
  { key: 'milestone', header: W.nextMilestone, cell: milestoneText },
]

/**
 * The renewals as a table, in the server's order: at risk first, then by the next milestone. On a
 * phone the table scrolls sideways inside its card; the insured, the policy and the flags come first.
 */
export function RenewalList({ renewals, busy }: { renewals: readonly Renewal[]; busy: boolean }) {
  return (
    <Card aria-busy={busy} className={busy ? 'overflow-hidden opacity-60' : 'overflow-hidden'}>
      <DataTable
        columns={COLUMNS}
        rows={renewals}
        rowKey={(renewal) => renewal.id}
        label={W.listLabel}
        look="flush"
        tableClassName="min-w-[64rem]"
      />
    </Card>
  )
}
