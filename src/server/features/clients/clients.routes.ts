import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  clientSummaryCall,
  createClientCall,
  getClientCall,
  listClientsCall,
  revealClientFieldCall,
  updateClientCall,
} from '#shared/contracts/clients.contract.ts'
import * as service from './clients.service.ts'

export function clientsRoutes(
  app: FastifyInstance,
  { db, cipher, applications }: { db: Db; cipher: FieldCipher; applications: service.ClientApplications },
): void {
  registerCall(app, listClientsCall, {}, async ({ raw, query }) =>
    service.listClients(db, requireCtx(raw), query, applications),
  )
  registerCall(app, clientSummaryCall, {}, async ({ raw }) =>
    service.summarizeClients(db, requireCtx(raw), applications),
  )
  registerCall(app, getClientCall, {}, async ({ raw, params }) =>
    service.getClient(db, requireCtx(raw), params.id, applications),
  )
  registerCall(app, createClientCall, {}, async ({ raw, body }) =>
    service.createClient(db, cipher, requireCtx(raw), body),
  )
  registerCall(app, updateClientCall, {}, async ({ raw, params, body }) =>
    service.updateClient(db, cipher, requireCtx(raw), params.id, body, applications),
  )
  registerCall(app, revealClientFieldCall, {}, async ({ raw, params, body }) =>
    service.revealClientField(db, cipher, requireCtx(raw), params.id, body.field),
  )
}
