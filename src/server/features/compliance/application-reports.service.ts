import type { Db } from '#server/db/connect.ts'
import { type AuditEvent, recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  type AuditRecord,
  applicationDataFileName,
  complianceReportFileName,
} from '#shared/contracts/compliance.contract.ts'
import { COMPLIANCE_TERMS } from '#shared/terms/compliance-terms.ts'
import { clientApplications, getApplication } from '../applications/applications.service.ts'
import { findUserContact } from '../auth/auth.service.ts'
import { getClient } from '../clients/clients.service.ts'
import { readApplicationTrail } from './audit-history.service.ts'
import { readRetentionYears } from './retention.repository.ts'

export interface ComplianceReport {
  reportType: 'application-compliance-report'
  generatedAt: string
  generatedBy: string | null
  agencyId: string
  termsVersion: string
  retentionYears: number
  application: {
    id: string
    status: string
    insuranceType: string
    createdAt: string
    updatedAt: string
    client: { id: string; name: string }
    carriers: { carrierName: string; status: string; confirmationNumber: string | null }[]
  }
  /** Each event's chain position, to check against a signed checkpoint (decision 011). */
  auditTrail: AuditRecord[]
  eventCount: number
}

const audit = (action: string, applicationId: string, details: Record<string, unknown>): AuditEvent => ({
  action,
  entity: { type: 'application', id: applicationId },
  details,
})

/** The report of one application: what it is, where it went, and every event about it. Audited. */
export function buildComplianceReport(
  db: Db,
  ctx: Ctx,
  applicationId: string,
  format: 'json' | 'pdf',
): Promise<ComplianceReport> {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const { application, records } = await readApplicationTrail(tx, ctx, applicationId)
    // One after the other: a transaction is one connection (see build-application-packet.ts).
    const retentionYears = await readRetentionYears(tx, agencyId)
    const me = await findUserContact(tx, agencyId, userId)
    await recordAudit(
      tx,
      ctx,
      audit('compliance.report_downloaded', applicationId, {
        fileName: complianceReportFileName(applicationId, format),
        format,
        events: records.length,
      }),
    )
    return {
      reportType: 'application-compliance-report',
      generatedAt: new Date().toISOString(),
      generatedBy: me?.name ?? null,
      agencyId,
      termsVersion: COMPLIANCE_TERMS.version,
      retentionYears,
      application: {
        id: application.id,
        status: application.status,
        insuranceType: application.insuranceType,
        createdAt: application.createdAt,
        updatedAt: application.updatedAt,
        client: {
          id: application.client.id,
          name: `${application.client.firstName} ${application.client.lastName}`,
        },
        carriers: application.submissions.map((s) => ({
          carrierName: s.carrierName,
          status: s.status,
          confirmationNumber: s.confirmationNumber,
        })),
      },
      auditTrail: records,
      eventCount: records.length,
    }
  })
}

/**
 * Everything on file for one application with its client, as the detail screens show it: the
 * client's SSN, spouse SSN and driver's licence stay masked (decision 014); revealing one is a
 * separate, audited action. The download is audited; reading the client audits a client view.
 */
export async function downloadApplicationData(db: Db, ctx: Ctx, applicationId: string) {
  const application = await db.transaction(async (tx) => {
    const found = await getApplication(tx, ctx, applicationId)
    await recordAudit(
      tx,
      ctx,
      audit('compliance.application_data_downloaded', applicationId, {
        fileName: applicationDataFileName(applicationId),
        clientId: found.client.id,
      }),
    )
    return found
  })
  const client = await getClient(db, ctx, application.client.id, clientApplications)
  return { exportedAt: new Date().toISOString(), sensitiveFieldsMasked: true, application, client }
}
