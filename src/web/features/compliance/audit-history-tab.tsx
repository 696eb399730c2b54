import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useMemo, useState } from 'react'
import { type AuditHistoryFilters, COMPLIANCE_MESSAGES } from '#shared/contracts/compliance.contract.ts'
import { AUDIT_ACTIONS } from '#shared/domain/audit-actions.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import { Button } from '#web/components/button.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { isApiError } from '#web/lib/api.ts'
import { useCurrentUser } from '#web/lib/current-user.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { AuditFilters } from './audit-filters.tsx'
import { AuditRecordItem } from './audit-record-item.tsx'
import { agencyUsersQuery, auditHistoryQuery, exportAuditHistory } from './compliance.queries.ts'

const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS)
  .map(([value, meaning]) => ({ value, label: meaning.description }))
  .sort((a, b) => a.label.localeCompare(b.label))

/** Audit History: the agency's events (an agent's own), filtered, paged and exportable as CSV. */
export function AuditHistoryTab({
  onViewApplication,
}: {
  onViewApplication: (applicationId: string) => void
}) {
  const me = useCurrentUser()
  const isAdmin = isAgencyAdmin(me.role)
  const [filters, setFilters] = useState<AuditHistoryFilters>({})
  const [exporting, setExporting] = useState(false)
  const list = useInfiniteQuery({ ...auditHistoryQuery(filters), placeholderData: keepPreviousData })
  const records = list.data?.pages.flatMap((page) => page.data ?? page.auditHistory) ?? []
  // An admin filters by anyone in the agency, a colleague with no events loaded among them; an
  // agent sees only their own events, so only themselves. Until the list answers (or if it
  // fails), the people on the loaded pages.
  const agencyUsers = useQuery({ ...agencyUsersQuery, enabled: isAdmin })
  const users = useMemo(() => {
    const seen = new Map([[me.id, `${me.firstName} ${me.lastName} (me)`]])
    if (!isAdmin) return [...seen].map(([value, label]) => ({ value, label }))
    for (const user of agencyUsers.data ?? [])
      if (!seen.has(user.id)) seen.set(user.id, user.disabled ? `${user.name} (disabled)` : user.name)
    for (const page of list.data?.pages ?? [])
      for (const r of page.data)
        if (r.actorUserId && r.actorName && !seen.has(r.actorUserId)) seen.set(r.actorUserId, r.actorName)
    return [...seen].map(([value, label]) => ({ value, label }))
  }, [agencyUsers.data, list.data, me, isAdmin])

  const exportCsv = async () => {
    setExporting(true)
    try {
      await exportAuditHistory(filters)
    } catch (error) {
      // The server's refusal (too many events to export) says what to do; a cut connection says nothing.
      showToast({
        title: COMPLIANCE_MESSAGES.exportFailed,
        description: isApiError(error) ? error.message : 'Please try again.',
        variant: 'destructive',
      })
    } finally {
      setExporting(false)
    }
  }

  return (
    <section aria-labelledby="audit-history-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="audit-history-heading" className="text-lg font-semibold text-slate-900">
            Audit History
          </h2>
          <p className="text-sm text-slate-600">
            {isAdmin
              ? 'Every access to your agency’s data, newest first.'
              : 'Your own activity, newest first.'}
          </p>
        </div>
        <Button variant="outline" onClick={exportCsv} disabled={exporting}>
          <Download aria-hidden="true" className="size-4" />
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </div>
      <AuditFilters value={filters} users={users} actions={ACTION_OPTIONS} onApply={setFilters} />
      {!list.data ? (
        list.isError ? (
          <p role="alert" className="text-red-700">
            The audit history could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <Spinner label="Loading the audit history" />
        )
      ) : records.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {COMPLIANCE_MESSAGES.noAuditRecords}
        </p>
      ) : (
        <ul aria-label="Audit records" className="grid gap-3">
          {records.map((record) => (
            <AuditRecordItem key={record.id} record={record} onViewApplication={onViewApplication} />
          ))}
        </ul>
      )}
      <LoadMoreButton list={list} />
    </section>
  )
}
