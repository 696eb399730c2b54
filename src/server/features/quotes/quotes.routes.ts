import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  bindQuoteCall,
  compareQuotesCall,
  enterQuoteCall,
  QUOTE_COMPARISON_PDF_PATH,
  QuoteComparisonPdfParams,
  recordDeclineCall,
} from '#shared/contracts/quotes.contract.ts'
import { quoteVarianceCall } from '#shared/contracts/quotes-variance.contract.ts'
import { bindQuote } from './bind-quote.ts'
import { compareQuotes } from './compare-quotes.ts'
import { enterQuote } from './enter-quote.ts'
import { exportComparisonPdf, type ReadLetterhead } from './export-comparison-pdf.ts'
import { getQuoteVariance } from './quote-variance.service.ts'
import { recordDecline } from './record-decline.ts'

export function quotesRoutes(
  app: FastifyInstance,
  {
    db,
    storage,
    delivery,
    readLetterhead,
  }: { db: Db; storage: FileStorage; delivery: { wake: () => void }; readLetterhead: ReadLetterhead },
): void {
  registerCall(app, compareQuotesCall, {}, async ({ raw, params, query }) =>
    compareQuotes(db, requireCtx(raw), params.id, query.sort),
  )
  app.get(
    QUOTE_COMPARISON_PDF_PATH,
    { schema: { params: QuoteComparisonPdfParams } },
    async (request, reply) => {
      const { id } = request.params as { id: string }
      const { fileName, pdf } = await exportComparisonPdf(db, requireCtx(request), id, readLetterhead)
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf))
    },
  )
  registerCall(app, quoteVarianceCall, {}, async ({ raw }) => getQuoteVariance(db, requireCtx(raw)))
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
