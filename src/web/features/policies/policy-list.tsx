import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import type { PolicyListItem } from '#shared/contracts/policies.contract.ts'
import { Card } from '#web/components/card.tsx'
import { type DataColumn, DataTable } from '#web/components/data-table.tsx'
import { InsuranceTypeBadge } from '#web/components/insurance-type-badge.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatDay } from '#web/lib/format.ts'
import { type PolicyFilters, policyListQuery } from './policies.queries.ts'
import { formatMoney } from './policy-display.ts'
import { PolicyStatusBadge } from './policy-status-badge.tsx'

export const NO_POLICIES = 'No policies yet. Add one you already hold, or bind a quote.'
export const NO_MATCHES = 'No policies match this search and these filters.'

const LINK = 'font-medium text-violet-700 underline-offset-2 hover:underline'

const COLUMNS: readonly DataColumn<PolicyListItem>[] = [
  {
    key: 'number',
    header: 'Policy',
    cell: (policy) => (
      <Link to={`/policies/${policy.id}`} className={LINK}>
        {policy.policyNumber}
      </Link>
    ),
  },
  {
    key: 'insured',
    header: 'Insured',
    cell: (policy) => (
      <Link to={`/clients/${policy.clientId}`} className="text-slate-900 underline-offset-2 hover:underline">
        {policy.insuredName}
      </Link>
    ),
  },
  { key: 'status', header: 'Status', cell: (policy) => <PolicyStatusBadge status={policy.status} /> },
  {
    key: 'premium',
    header: 'Premium',
    cell: (policy) => formatMoney(policy.annualPremium),
    headerClassName: 'text-right',
    cellClassName: 'text-right tabular-nums',
  },
  { key: 'expires', header: 'Expires', cell: (policy) => formatDay(policy.expirationDate) },
  { key: 'line', header: 'Line', cell: (policy) => <InsuranceTypeBadge type={policy.lineOfBusiness} /> },
  { key: 'carrier', header: 'Carrier', cell: (policy) => policy.carrierName },
  { key: 'producer', header: 'Producer', cell: (policy) => policy.producerName ?? '—' },
]

/**
 * The policies matching the filters, a page at a time. On a phone the table scrolls sideways in
 * its card, as the other wide lists do: the number, insured, status and premium come first, so
 * the first screen says the most.
 */
export function PolicyList({ filters, filtered }: { filters: PolicyFilters; filtered: boolean }) {
  const list = useInfiniteQuery({
    ...policyListQuery(filters),
    placeholderData: keepPreviousData,
    throwOnError: true,
  })
  if (!list.data) return <Spinner label="Loading policies" className="justify-self-center py-8" />
  const policies = list.data.pages.flatMap((page) => page.policies)
  if (policies.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <ShieldCheck aria-hidden="true" className="size-10 text-slate-400" />
        <p className="text-sm text-slate-700">{filtered ? NO_MATCHES : NO_POLICIES}</p>
      </Card>
    )
  }
  return (
    <div className="grid gap-4">
      <Card
        aria-busy={list.isPlaceholderData}
        className={cn('overflow-hidden', list.isPlaceholderData && 'opacity-60')}
      >
        <DataTable
          columns={COLUMNS}
          rows={policies}
          rowKey={(policy) => policy.id}
          label="Policies"
          look="flush"
          tableClassName="min-w-[60rem]"
        />
      </Card>
      <LoadMoreButton list={list} />
    </div>
  )
}
