import type { Db } from '#server/db/connect.ts'
import { invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import { QUOTE_TEXTS, type Quote, type QuoteInput } from '#shared/contracts/quotes.contract.ts'
import { toCents } from '#shared/domain/policy-ledger.ts'
import { findCarrierNames } from '../carriers/carriers.service.ts'
import { findDocumentInfo } from '../documents/documents.service.ts'
import { estimateQuoteCents } from './quote-estimate.service.ts'
import * as repository from './quotes.repository.ts'
import { announceFirstOffer, lockApplicationForQuote, toQuote } from './quotes.service.ts'

const numberTaken = () => invalidField('quoteNumber', QUOTE_TEXTS.quoteNumberTaken)

/**
 * A quote an email, PDF or manual carrier sent, entered by the agent, in one transaction: the
 * application must be the agency's, open, and sent to the carrier; the quote must not have
 * expired; its document must be the agency's; its number must be new for the carrier on this
 * application. Audited.
 */
export async function enterQuote(db: Db, ctx: Ctx, applicationId: string, input: QuoteInput): Promise<Quote> {
  const { agencyId, userId } = ctx.actor
  const today = utcToday()
  const quoteNumber = input.quoteNumber?.trim() || null
  let row: repository.QuoteRow
  try {
    row = await db.transaction(async (tx) => {
      const application = await lockApplicationForQuote(tx, agencyId, applicationId, input.carrierId)
      if (input.expiresAt < today) throw invalidField('expiresAt', QUOTE_TEXTS.expiresBeforeToday)
      if (input.documentId && !(await findDocumentInfo(tx, agencyId, input.documentId)))
        throw invalidField('documentId', QUOTE_TEXTS.documentUnknown)
      const key = { applicationId, carrierId: input.carrierId, quoteNumber: quoteNumber ?? '' }
      if (quoteNumber && (await repository.hasQuoteNumber(tx, agencyId, key))) throw numberTaken()
      const estimate = await estimateQuoteCents(tx, agencyId, application, input.carrierId, today)
      await announceFirstOffer(tx, agencyId, applicationId)
      const quote = await repository.insertQuote(tx, {
        agencyId,
        applicationId,
        carrierId: input.carrierId,
        status: 'offered',
        source: 'agent',
        premiumCents: toCents(input.premium),
        estimatedPremiumCents: estimate,
        termMonths: input.termMonths,
        effectiveDate: input.effectiveDate,
        quoteNumber,
        expiresAt: input.expiresAt,
        coverages: input.coverages,
        documentId: input.documentId ?? null,
        createdByUserId: userId,
      })
      await recordAudit(tx, ctx, {
        action: 'quote.entered',
        entity: { type: 'quote', id: quote.id },
        details: {
          applicationId,
          carrierId: input.carrierId,
          premium: input.premium,
          termMonths: input.termMonths,
        },
      })
      return quote
    })
  } catch (error) {
    // Two agents entered the same number at once: the index refuses the second.
    if (isUniqueViolation(error)) throw numberTaken()
    throw error
  }
  const names = await findCarrierNames(db, [row.carrierId])
  return toQuote(row, names.get(row.carrierId)?.name ?? 'Unknown carrier', today)
}
