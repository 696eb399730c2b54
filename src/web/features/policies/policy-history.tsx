import { useInfiniteQuery } from '@tanstack/react-query'
import type { AuditRecord } from '#shared/contracts/compliance.contract.ts'
import { POLICY_HISTORY_TEXTS as T } from '#shared/contracts/compliance-policy-history.contract.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { formatDateTime } from '#web/lib/format.ts'
import { policyHistoryQuery } from './policy-records.queries.ts'

/** What was done to the policy and by whom, from the audit log: an admin's whole, an agent's own. */
export function PolicyHistory({ policyId }: { policyId: string }) {
  const me = useCurrentUser()
  const list = useInfiniteQuery(policyHistoryQuery(policyId))
  const records = list.data?.pages.flatMap((page) => page.data) ?? []
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle id="policy-history">History</CardTitle>
        <CardDescription>{isAgencyAdmin(me.role) ? T.everyone : T.ownOnly}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!list.data ? (
          list.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {T.failed}
            </p>
          ) : (
            <Spinner label="Loading the history" />
          )
        ) : records.length === 0 ? (
          <p className="text-sm text-slate-600">{T.empty}</p>
        ) : (
          <ol aria-labelledby="policy-history" className="grid gap-3 border-l-2 border-slate-200 pl-4">
            {records.map((record) => (
              <HistoryEntry key={record.id} record={record} />
            ))}
          </ol>
        )}
        <LoadMoreButton list={list} />
      </CardContent>
    </Card>
  )
}

function HistoryEntry({ record }: { record: AuditRecord }) {
  return (
    <li className="grid min-w-0 gap-0.5">
      <span className="text-sm font-medium break-words text-slate-900">{record.actionDescription}</span>
      <span className="text-xs text-slate-600">
        <time dateTime={record.createdAt}>{formatDateTime(record.createdAt)}</time> ·{' '}
        {record.actorName ?? 'System'}
      </span>
    </li>
  )
}
