import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Policy } from '#shared/contracts/policies.contract.ts'
import { Card, CardContent } from '#web/components/card.tsx'
import { InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'
import { formatDay } from '#web/lib/format.ts'
import { formatMoney, formatTerm } from './policy-display.ts'
import { PolicyStatusBadge } from './policy-status-badge.tsx'

const SOURCE_LABELS: Record<Policy['source'], string> = {
  bound: 'Bound from a quote',
  entered: 'Entered by hand',
  imported: 'Imported',
}

/** The policy at a glance: who, with whom, what it costs and when it runs. */
export function PolicySummary({ policy }: { policy: Policy }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
          <Item label="Insured">
            <Link to={`/clients/${policy.clientId}`} className="font-medium text-violet-700 hover:underline">
              {policy.insuredName}
            </Link>
          </Item>
          <Item label="Carrier">{policy.carrierName}</Item>
          <Item label="Line of business">
            <InsuranceTypeBadge type={policy.lineOfBusiness} />
          </Item>
          <Item label="Status">
            <PolicyStatusBadge status={policy.status} />
          </Item>
          <Item label="Annual premium">
            <span className="text-base font-semibold tabular-nums">{formatMoney(policy.annualPremium)}</span>
          </Item>
          <Item label="Term">{formatTerm(policy)}</Item>
          <Item label="Producer">{policy.producerName ?? '—'}</Item>
          <Item label="Source">{SOURCE_LABELS[policy.source]}</Item>
          {policy.cancellationDate && (
            <Item label="Cancellation date">{formatDay(policy.cancellationDate)}</Item>
          )}
        </dl>
      </CardContent>
    </Card>
  )
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  )
}
