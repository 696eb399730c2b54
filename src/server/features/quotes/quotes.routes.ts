import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  bindQuoteCall,
  compareQuotesCall,
  enterQuoteCall,
  recordDeclineCall,
} from '#shared/contracts/quotes.contract.ts'
import { bindQuote } from './bind-quote.ts'
import { compareQuotes } from './compare-quotes.ts'
import { enterQuote } from './enter-quote.ts'
import { recordDecline } from './record-decline.ts'

export function quotesRoutes(
  app: FastifyInstance,
  { db, storage, delivery }: { db: Db; storage: FileStorage; delivery: { wake: () => void } },
): void {
  registerCall(app, compareQuotesCall, {}, async ({ raw, params, query }) =>
    compareQuotes(db, requireCtx(raw), params.id, query.sort),
  )
  registerCall(app, enterQuoteCall, {}, async ({ raw, params, body }) =>
    enterQuote(db, requireCtx(raw), params.id, body),
  )
  registerCall(app, recordDeclineCall, {}, async ({ raw, params, body }) =>
    recordDecline(db, requireCtx(raw), params.id, body),
  )
  registerCall(app, bindQuoteCall, {}, async ({ raw, params, body }) =>
    bindQuote(db, { storage, wake: delivery.wake }, requireCtx(raw), params.id, body),
  )
}
