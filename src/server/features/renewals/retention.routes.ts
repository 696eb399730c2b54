import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  getRetentionCall,
  RETENTION_EXPORT_PATH,
  type RetentionExportQuery,
  RetentionExportQuerySchema,
} from '#shared/contracts/renewals-retention.contract.ts'
import { exportRetentionCsv } from './export-retention.ts'
import { getRetention } from './retention.service.ts'

/** The retention figures and their tables as CSV (issue #31). */
export function retentionRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerCall(app, getRetentionCall, {}, ({ raw, query }) => getRetention(db, requireCtx(raw), query))

  app.get(
    RETENTION_EXPORT_PATH,
    // A download is saved, not rendered: compressing it buys nothing.
    { schema: { querystring: RetentionExportQuerySchema }, compress: false },
    async (request, reply) => {
      const csv = await exportRetentionCsv(db, requireCtx(request), request.query as RetentionExportQuery)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(csv.text)
    },
  )
}
