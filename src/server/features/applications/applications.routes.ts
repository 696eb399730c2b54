import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  APPLICATIONS_EXPORT_PATH,
  ApplicationFiltersSchema,
  applicationSummaryCall,
  createApplicationCall,
  getApplicationCall,
  listApplicationsCall,
  updateApplicationCall,
} from '#shared/contracts/applications.contract.ts'
import * as service from './applications.service.ts'
import { createApplication } from './create-application.ts'
import { exportApplicationsCsv } from './export-applications.ts'

export function applicationsRoutes(
  app: FastifyInstance,
  { db, cipher, storage }: { db: Db; cipher: FieldCipher; storage: FileStorage },
): void {
  registerCall(app, listApplicationsCall, {}, async ({ raw, query }) =>
    service.listApplications(db, requireCtx(raw), query),
  )
  registerCall(app, applicationSummaryCall, {}, async ({ raw }) =>
    service.summarizeApplications(db, requireCtx(raw)),
  )
  registerCall(app, getApplicationCall, {}, async ({ raw, params }) =>
    service.viewApplication(db, requireCtx(raw), params.id),
  )
  registerCall(app, createApplicationCall, {}, async ({ raw, body }) =>
    createApplication(db, { cipher, storage }, requireCtx(raw), body),
  )
  registerCall(app, updateApplicationCall, {}, async ({ raw, params, body }) =>
    service.updateApplication(db, requireCtx(raw), params.id, body),
  )

  app.get(
    APPLICATIONS_EXPORT_PATH,
    // A download is sent as it is made: the browser saves it, so compressing it buys nothing.
    { schema: { querystring: ApplicationFiltersSchema }, compress: false },
    async (request, reply) => {
      const ctx = requireCtx(request)
      const filter = request.query as Parameters<typeof exportApplicationsCsv>[2]
      const day = new Date().toISOString().slice(0, 10)
      const lines = await exportApplicationsCsv(db, ctx, filter)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="applications-${day}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(lines))
    },
  )
}
