import { useQuery, useQueryClient } from '@tanstack/react-query'
import { FileDown, FileJson, FileText } from 'lucide-react'
import { useState } from 'react'
import {
  applicationDataFileName,
  applicationDataPath,
  COMPLIANCE_MESSAGES,
  complianceReportFileName,
  complianceReportPath,
} from '#shared/contracts/compliance.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { downloadFile } from '#web/lib/save-file.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { AuditRecordItem } from './audit-record-item.tsx'
import { applicationTrailQuery, complianceKeys } from './compliance.queries.ts'

type Download = 'report' | 'pdf' | 'data'

const DOWNLOADS: Record<Download, { label: string; Icon: typeof FileJson; ok: string; failed: string }> = {
  report: {
    label: 'Download compliance report',
    Icon: FileJson,
    ok: COMPLIANCE_MESSAGES.reportDownloaded,
    failed: COMPLIANCE_MESSAGES.reportFailed,
  },
  pdf: {
    label: 'Report as PDF',
    Icon: FileText,
    ok: COMPLIANCE_MESSAGES.reportDownloaded,
    failed: COMPLIANCE_MESSAGES.reportFailed,
  },
  data: {
    label: 'Download application data',
    Icon: FileDown,
    ok: COMPLIANCE_MESSAGES.dataDownloaded,
    failed: COMPLIANCE_MESSAGES.dataFailed,
  },
}

function fileOf(kind: Download, id: string): [string, string] {
  if (kind === 'data') return [applicationDataPath(id), applicationDataFileName(id)]
  const format = kind === 'pdf' ? 'pdf' : 'json'
  return [complianceReportPath(id, format), complianceReportFileName(id, format)]
}

function Downloads({ applicationId }: { applicationId: string }) {
  const [busy, setBusy] = useState<Download | null>(null)
  const client = useQueryClient()
  const download = async (kind: Download) => {
    setBusy(kind)
    try {
      await downloadFile(...fileOf(kind, applicationId))
      showToast({ title: DOWNLOADS[kind].ok, variant: 'success' })
      // The download is an audit event of its own.
      void client.invalidateQueries({ queryKey: complianceKeys.all })
    } catch {
      showToast({ title: DOWNLOADS[kind].failed, variant: 'destructive' })
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      {(Object.keys(DOWNLOADS) as Download[]).map((kind) => {
        const { label, Icon } = DOWNLOADS[kind]
        return (
          <Button key={kind} variant="outline" disabled={busy !== null} onClick={() => download(kind)}>
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </Button>
        )
      })}
    </div>
  )
}

/** Application Audit Trail: the selected application's events, with its downloads. */
export function ApplicationTrailTab({ applicationId }: { applicationId: string | null }) {
  const trail = useQuery({ ...applicationTrailQuery(applicationId ?? ''), enabled: applicationId !== null })
  if (!applicationId)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
        {COMPLIANCE_MESSAGES.selectApplication}
      </p>
    )
  return (
    <section aria-labelledby="trail-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="trail-heading" className="text-lg font-semibold text-slate-900">
          Application Audit Trail
        </h2>
        <p className="break-all text-sm text-slate-600">Application {applicationId}</p>
      </div>
      <Downloads applicationId={applicationId} />
      {trail.isPending ? (
        <Spinner label="Loading the audit trail" />
      ) : trail.isError ? (
        <p role="alert" className="text-red-700">
          The audit trail could not be loaded: the application may not exist or not be your agency’s.
        </p>
      ) : trail.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {COMPLIANCE_MESSAGES.noAuditTrail}
        </p>
      ) : (
        <ul aria-label="Audit trail" className="grid gap-3">
          {trail.data.map((record) => (
            <AuditRecordItem key={record.id} record={record} />
          ))}
        </ul>
      )}
    </section>
  )
}
