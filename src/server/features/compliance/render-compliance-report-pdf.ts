import { layoutTextPdf, type PdfLine } from '#server/platform/pdf/text-pdf.ts'
import type { ComplianceReport } from './application-reports.service.ts'

const REPORT_TITLE = 'Application Compliance Report'

function reportLines(report: ComplianceReport): PdfLine[] {
  const { application: app } = report
  const lines: PdfLine[] = [
    { style: 'title', text: REPORT_TITLE },
    { style: 'text', text: `Generated ${report.generatedAt} by ${report.generatedBy ?? 'unknown user'}` },
    {
      style: 'text',
      text: `Terms version ${report.termsVersion}; audit records kept ${report.retentionYears} years`,
    },
    { style: 'heading', text: 'Application' },
    { style: 'item', text: `Id: ${app.id}` },
    { style: 'item', text: `Client: ${app.client.name} (${app.client.id})` },
    { style: 'item', text: `Insurance type: ${app.insuranceType}; status: ${app.status}` },
    { style: 'item', text: `Created ${app.createdAt}; updated ${app.updatedAt}` },
    { style: 'heading', text: 'Carriers' },
  ]
  if (app.carriers.length === 0) lines.push({ style: 'item', text: 'Not sent to any carrier.' })
  for (const c of app.carriers)
    lines.push({
      style: 'item',
      text: `${c.carrierName}: ${c.status}${c.confirmationNumber ? `, confirmation ${c.confirmationNumber}` : ''}`,
    })
  lines.push({ style: 'heading', text: `Audit trail (${report.eventCount} events, newest first)` })
  for (const r of report.auditTrail) {
    lines.push({ style: 'text', text: `#${r.sequence} ${r.createdAt} - ${r.actionDescription}` })
    lines.push({
      style: 'item',
      text: `By ${r.actorName ?? 'system'} from ${r.ipAddress ?? 'no address'}; ${r.dataAccessed}${r.fileName ? `; file ${r.fileName}` : ''}${r.redacted ? ' (personal details removed under retention)' : ''}`,
    })
  }
  return lines
}

/** The same report as a PDF for people who file paper. */
export async function renderComplianceReportPdf(report: ComplianceReport): Promise<Uint8Array> {
  const doc = await layoutTextPdf({
    lines: reportLines(report),
    title: `${REPORT_TITLE} ${report.application.id}`,
    author: report.generatedBy ?? 'Agency back office',
    stamp: new Date(report.generatedAt),
    footer: (page, count) => `Application ${report.application.id} · page ${page} of ${count}`,
  })
  return doc.save()
}
