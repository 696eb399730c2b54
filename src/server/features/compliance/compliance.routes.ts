import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  AUDIT_HISTORY_CSV_PATH,
  AuditHistoryFiltersSchema,
  applicationAuditTrailByIdCall,
  applicationAuditTrailCall,
  applicationDataFileName,
  auditHistoryCall,
  complianceReportFileName,
  exportAuditCheckpointCall,
  getRetentionCall,
  setRetentionCall,
  termsCall,
  verifyAuditChainCall,
  verifyAuditCheckpointCall,
} from '#shared/contracts/compliance.contract.ts'
import { policyHistoryCall } from '#shared/contracts/compliance-policy-history.contract.ts'
import { AGENCY_ADMIN_ROLES } from '#shared/domain/roles.ts'
import { COMPLIANCE_TERMS } from '#shared/terms/compliance-terms.ts'
import { buildComplianceReport, downloadApplicationData } from './application-reports.service.ts'
import { getApplicationTrail, listAuditHistory } from './audit-history.service.ts'
import {
  exportAuditCheckpoint,
  verifyAgencyAuditChain,
  verifyAuditCheckpoint,
} from './audit-integrity.service.ts'
import { createCheckpointSigner } from './checkpoint-signer.service.ts'
import { startAuditHistoryExport } from './export-audit-history.ts'
import { listPolicyHistory } from './list-policy-history.ts'
import { renderComplianceReportPdf } from './render-compliance-report-pdf.ts'
import { getRetention, setRetention } from './retention.service.ts'

const ApplicationParams = z.object({ applicationId: z.uuid({ message: 'Not an application id' }) })
const ReportQuery = z.object({ format: z.enum(['json', 'pdf']).default('json') })

export function complianceRoutes(app: FastifyInstance, deps: { db: Db; auditSigningKey: Buffer }) {
  const { db } = deps
  const signer = createCheckpointSigner(deps.auditSigningKey)
  const admins = { roles: AGENCY_ADMIN_ROLES }

  registerCall(app, verifyAuditChainCall, admins, ({ raw }) => verifyAgencyAuditChain(db, requireCtx(raw)))

  registerCall(app, exportAuditCheckpointCall, admins, async ({ raw, reply }) => {
    const checkpoint = await exportAuditCheckpoint(db, signer, requireCtx(raw))
    reply.header('content-disposition', `attachment; filename="audit-checkpoint-${checkpoint.sequence}.json"`)
    return checkpoint
  })

  registerCall(app, verifyAuditCheckpointCall, admins, ({ raw, body }) =>
    verifyAuditCheckpoint(db, signer, requireCtx(raw), body),
  )

  registerCall(app, auditHistoryCall, {}, ({ raw, query }) => listAuditHistory(db, requireCtx(raw), query))

  app.get(
    AUDIT_HISTORY_CSV_PATH,
    { schema: { querystring: AuditHistoryFiltersSchema }, compress: false },
    async (request, reply) => {
      const fileName = `audit-history-${new Date().toISOString().slice(0, 10)}.csv`
      const filters = request.query as z.infer<typeof AuditHistoryFiltersSchema>
      // A refusal (too many events) is a JSON error before any byte; a failure later cuts the connection.
      const lines = await startAuditHistoryExport(db, requireCtx(request), filters, fileName)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(lines))
    },
  )

  registerCall(app, policyHistoryCall, {}, ({ raw, params, query }) =>
    listPolicyHistory(db, requireCtx(raw), params.policyId, query),
  )

  registerCall(app, applicationAuditTrailCall, {}, ({ raw, query }) =>
    getApplicationTrail(db, requireCtx(raw), query.applicationId),
  )
  registerCall(app, applicationAuditTrailByIdCall, {}, ({ raw, params }) =>
    getApplicationTrail(db, requireCtx(raw), params.applicationId),
  )

  app.get(
    '/api/compliance/report/:applicationId',
    { schema: { params: ApplicationParams, querystring: ReportQuery } },
    async (request, reply) => {
      const { applicationId } = request.params as z.infer<typeof ApplicationParams>
      const { format } = request.query as z.infer<typeof ReportQuery>
      const report = await buildComplianceReport(db, requireCtx(request), applicationId, format)
      reply
        .header(
          'content-disposition',
          `attachment; filename="${complianceReportFileName(applicationId, format)}"`,
        )
        .header('x-content-type-options', 'nosniff')
      if (format === 'json')
        return reply.header('content-type', 'application/json').send(JSON.stringify(report, null, 2))
      return reply
        .header('content-type', 'application/pdf')
        .send(Buffer.from(await renderComplianceReportPdf(report)))
    },
  )

  app.get(
    '/api/compliance/download/:applicationId',
    { schema: { params: ApplicationParams } },
    async (request, reply) => {
      const { applicationId } = request.params as z.infer<typeof ApplicationParams>
      const data = await downloadApplicationData(db, requireCtx(request), applicationId)
      return reply
        .header('content-type', 'application/json')
        .header('content-disposition', `attachment; filename="${applicationDataFileName(applicationId)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(JSON.stringify(data, null, 2))
    },
  )

  registerCall(app, termsCall, {}, async () => ({ data: COMPLIANCE_TERMS }))
  registerCall(app, getRetentionCall, {}, ({ raw }) => getRetention(db, requireCtx(raw)))
  registerCall(app, setRetentionCall, admins, ({ raw, body }) => setRetention(db, requireCtx(raw), body))
}
