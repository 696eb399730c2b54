import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  createCarrierCall,
  getCarrierCall,
  listCarriersCall,
  setCarrierActiveCall,
  supportedApisCall,
} from '#shared/contracts/carriers.contract.ts'
import * as service from './carriers.service.ts'

export function carriersRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerCall(app, listCarriersCall, {}, async ({ raw, query }) => ({
    data: await service.listCarriers(db, requireCtx(raw), query),
  }))
  registerCall(app, supportedApisCall, {}, async ({ raw }) => ({
    supportedCarriers: await service.listSupportedApis(db, requireCtx(raw)),
  }))
  registerCall(app, getCarrierCall, {}, async ({ raw, params }) =>
    service.getCarrier(db, requireCtx(raw), params.id),
  )
  registerCall(app, createCarrierCall, {}, async ({ raw, body }) =>
    service.createCarrier(db, requireCtx(raw), body),
  )
  registerCall(app, setCarrierActiveCall, {}, async ({ raw, params, body }) =>
    service.setCarrierActive(db, requireCtx(raw), params.id, body.isActive),
  )
}
