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

export function carriersRoutes(
  app: FastifyInstance,
  { db, countApplications }: { db: Db; countApplications: service.CountApplications },
): void {
  registerCall(app, listCarriersCall, {}, async ({ raw, query }) => {
    const ctx = requireCtx(raw)
    const carriers = await service.listCarriers(db, ctx, query)
    return { data: await service.withApplicationCounts(db, ctx, carriers, countApplications) }
  })
  registerCall(app, supportedApisCall, {}, async ({ raw }) => ({
    supportedCarriers: await service.listSupportedApis(db, requireCtx(raw)),
  }))
  registerCall(app, getCarrierCall, {}, async ({ raw, params }) => {
    const ctx = requireCtx(raw)
    const carrier = await service.getCarrier(db, ctx, params.id)
    const [counted] = await service.withApplicationCounts(db, ctx, [carrier], countApplications)
    return counted!
  })
  registerCall(app, createCarrierCall, {}, async ({ raw, body }) =>
    service.createCarrier(db, requireCtx(raw), body),
  )
  registerCall(app, setCarrierActiveCall, {}, async ({ raw, params, body }) => {
    const ctx = requireCtx(raw)
    const carrier = await service.setCarrierActive(db, ctx, params.id, body.isActive)
    const [counted] = await service.withApplicationCounts(db, ctx, [carrier], countApplications)
    return counted!
  })
}
