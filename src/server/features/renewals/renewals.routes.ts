import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { utcToday } from '#server/platform/calendar.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  changeRenewalCall,
  getRenewalCall,
  listRenewalsCall,
  recordRenewalOfferCall,
} from '#shared/contracts/renewals.contract.ts'
import {
  compareRenewalQuotesCall,
  remarketRenewalCall,
  renewRenewalCall,
} from '#shared/contracts/renewals-outcomes.contract.ts'
import { changeRenewal } from './change-renewal.ts'
import { compareRenewalQuotes } from './compare-renewal-quotes.ts'
import { listRenewals } from './list-renewals.ts'
import { recordRenewalOffer } from './record-renewal-offer.ts'
import { remarketRenewal } from './remarket-renewal.ts'
import { renewRenewal } from './renew-renewal.ts'
import { getRenewal } from './renewals.service.ts'

// Overdue is read against today's UTC date until agencies keep a time zone (issue #31's settings).
export function renewalsRoutes(
  app: FastifyInstance,
  { db, storage, delivery }: { db: Db; storage: FileStorage; delivery: { wake: () => void } },
): void {
  const deps = { storage, wake: delivery.wake }
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
  registerCall(app, remarketRenewalCall, {}, ({ raw, params, body }) =>
    remarketRenewal(db, deps, requireCtx(raw), params.id, body, utcToday()),
  )
  registerCall(app, compareRenewalQuotesCall, {}, ({ raw, params }) =>
    compareRenewalQuotes(db, requireCtx(raw), params.id),
  )
  registerCall(app, renewRenewalCall, {}, ({ raw, params, body }) =>
    renewRenewal(db, deps, requireCtx(raw), params.id, body, utcToday()),
  )
}
