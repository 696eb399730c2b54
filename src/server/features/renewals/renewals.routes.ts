import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { utcToday } from '#server/platform/calendar.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  changeRenewalCall,
  getRenewalCall,
  listRenewalsCall,
  recordRenewalOfferCall,
} from '#shared/contracts/renewals.contract.ts'
import { changeRenewal } from './change-renewal.ts'
import { listRenewals } from './list-renewals.ts'
import { recordRenewalOffer } from './record-renewal-offer.ts'
import { getRenewal } from './renewals.service.ts'

// Overdue is read against today's UTC date until agencies keep a time zone (issue #31's settings).
export function renewalsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerCall(app, listRenewalsCall, {}, ({ raw, query }) =>
    listRenewals(db, requireCtx(raw), query, utcToday()),
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
