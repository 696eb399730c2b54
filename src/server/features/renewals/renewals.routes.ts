import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { utcToday } from '#server/platform/calendar.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  changeRenewalCall,
  getRenewalCall,
  listRenewalsCall,
  RENEWALS_EXPORT_PATH,
  RenewalFiltersSchema,
  recordRenewalOfferCall,
} from '#shared/contracts/renewals.contract.ts'
import { changeRenewal } from './change-renewal.ts'
import { exportRenewalsCsv } from './export-renewals.ts'
import { listRenewals } from './list-renewals.ts'
import { recordRenewalOffer } from './record-renewal-offer.ts'
import { getRenewal } from './renewals.service.ts'

// Overdue is read against today's UTC date until agencies keep a time zone (issue #31's settings).
export function renewalsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerCall(app, listRenewalsCall, {}, ({ raw, query }) =>
    listRenewals(db, requireCtx(raw), query, utcToday()),
  )
  // Registered before /api/renewals/:id; a literal path wins over the parameter anyway.
  app.get(
    RENEWALS_EXPORT_PATH,
    // A download is sent as it is made: the browser saves it, so compressing it buys nothing.
    { schema: { querystring: RenewalFiltersSchema }, compress: false },
    async (request, reply) => {
      const today = utcToday()
      const lines = await exportRenewalsCsv(db, requireCtx(request), request.query as never, today)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="renewals-${today}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(lines))
    },
  )
  registerCall(app, getRenewalCall, {}, ({ raw, params }) =>
    getRenewal(db, requireCtx(raw), params.id, utcToday()),
  )
  registerCall(app, changeRenewalCall, {}, ({ raw, params, body }) =>
    changeRenewal(db, requireCtx(raw), params.id, body, utcToday()),
  )
  registerCall(app, recordRenewalOfferCall, {}, ({ raw, params, body }) =>
    recordRenewalOffer(db, requireCtx(raw), params.id, body, utcToday()),
  )
}
