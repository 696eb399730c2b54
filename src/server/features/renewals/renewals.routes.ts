import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  changeRenewalCall,
  getRenewalCall,
  listRenewalsCall,
  RENEWALS_EXPORT_PATH,
  RenewalFiltersSchema,
  recordRenewalOfferCall,
} from '#shared/contracts/renewals.contract.ts'
import {
  compareRenewalQuotesCall,
  remarketRenewalCall,
  renewRenewalCall,
} from '#shared/contracts/renewals-outcomes.contract.ts'
import { changeRenewal } from './change-renewal.ts'
import { compareRenewalQuotes } from './compare-renewal-quotes.ts'
import { exportRenewalsCsv } from './export-renewals.ts'
import { listRenewals } from './list-renewals.ts'
import { recordRenewalOffer } from './record-renewal-offer.ts'
import { remarketRenewal } from './remarket-renewal.ts'
import { renewRenewal } from './renew-renewal.ts'
import { agencyToday } from './renewal-settings.service.ts'
import { getRenewal } from './renewals.service.ts'

export function renewalsRoutes(
  app: FastifyInstance,
  { db, storage, delivery }: { db: Db; storage: FileStorage; delivery: { wake: () => void } },
): void {
  const deps = { storage, wake: delivery.wake }
  /** The caller, and their agency's today: overdue is read at the agency's own midnight. */
  const caller = async (raw: FastifyRequest) => {
    const ctx = requireCtx(raw)
    return { ctx, today: await agencyToday(db, ctx.actor.agencyId) }
  }
  registerCall(app, listRenewalsCall, {}, async ({ raw, query }) => {
    const { ctx, today } = await caller(raw)
    return listRenewals(db, ctx, query, today)
  })
  // Registered before /api/renewals/:id; a literal path wins over the parameter anyway.
  app.get(
    RENEWALS_EXPORT_PATH,
    // A download is sent as it is made: the browser saves it, so compressing it buys nothing.
    { schema: { querystring: RenewalFiltersSchema }, compress: false },
    async (request, reply) => {
      const { ctx, today } = await caller(request)
      const lines = await exportRenewalsCsv(db, ctx, request.query as never, today)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="renewals-${today}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(lines))
    },
  )
  registerCall(app, getRenewalCall, {}, async ({ raw, params }) => {
    const { ctx, today } = await caller(raw)
    return getRenewal(db, ctx, params.id, today)
  })
  registerCall(app, changeRenewalCall, {}, async ({ raw, params, body }) => {
    const { ctx, today } = await caller(raw)
    return changeRenewal(db, ctx, params.id, body, today)
  })
  registerCall(app, recordRenewalOfferCall, {}, async ({ raw, params, body }) => {
    const { ctx, today } = await caller(raw)
    return recordRenewalOffer(db, ctx, params.id, body, today)
  })
  registerCall(app, remarketRenewalCall, {}, async ({ raw, params, body }) => {
    const { ctx, today } = await caller(raw)
    return remarketRenewal(db, deps, ctx, params.id, body, today)
  })
  registerCall(app, compareRenewalQuotesCall, {}, ({ raw, params }) =>
    compareRenewalQuotes(db, requireCtx(raw), params.id),
  )
  registerCall(app, renewRenewalCall, {}, async ({ raw, params, body }) => {
    const { ctx, today } = await caller(raw)
    return renewRenewal(db, deps, ctx, params.id, body, today)
  })
}
