import type { AuditRecord } from '#shared/contracts/compliance.contract.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'
import { Button } from '#web/components/button.tsx'
import { formatDateTime } from '#web/lib/format.ts'

export const VIEW_APPLICATION_AUDIT = 'View Application Audit'

const TONE: Record<AuditRecord['action'], BadgeTone> = {
  created: 'green',
  viewed: 'blue',
  downloaded: 'violet',
  other: 'neutral',
}

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="truncate text-sm text-slate-900" title={value}>
        {value}
      </dd>
    </div>
  )
}

/** One audit record (spec §3): what was done to which data, by whom, when and from where. */
export function AuditRecordItem({
  record,
  onViewApplication,
}: {
  record: AuditRecord
  onViewApplication?: (applicationId: string) => void
}) {
  const { applicationId } = record
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={TONE[record.action]}>{record.action}</Badge>
            <span className="font-medium text-slate-900">{record.actionDescription}</span>
          </div>
          <p className="text-sm text-slate-700">
            {record.dataAccessed} · {formatDateTime(record.createdAt)} · {record.actorName ?? 'System'}
          </p>
        </div>
        {applicationId && onViewApplication && (
          <Button variant="outline" size="sm" onClick={() => onViewApplication(applicationId)}>
            {VIEW_APPLICATION_AUDIT}
          </Button>
        )}
      </div>
      <dl className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Detail label="IP address" value={record.ipAddress} />
        <Detail label="User agent" value={record.userAgent} />
        <Detail label="File name" value={record.fileName} />
        <Detail label="Application" value={applicationId} />
        <Detail label="Event" value={`#${record.sequence} ${record.event}`} />
      </dl>
      {record.redacted && (
        <p className="text-xs text-slate-600">Personal details removed after the retention period.</p>
      )}
    </li>
  )
}
