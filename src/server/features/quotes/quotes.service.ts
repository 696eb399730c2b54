import type { Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { enqueueJob } from '#server/platform/jobs.ts'
import { QUOTE_TEXTS, type Quote, type QuoteStatus } from '#shared/contracts/quotes.contract.ts'
import { annualise, toDollars } from '#shared/domain/policy-ledger.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findQuotedApplication, findSentCarrierIds } from '../applications/applications.service.ts'
import * as repository from './quotes.repository.ts'

export const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

/** A quote's status on `today`: an offered quote past its expiry date reads as expired. */
export function quoteStatusOn(
  row: Pick<repository.QuoteRow, 'status' | 'expiresAt'>,
  today: string,
): QuoteStatus {
  if (row.status === 'offered' && row.expiresAt !== null && row.expiresAt < today) return 'expired'
  return row.status
}

/** A stored quote as the wire carries it: dollars, the derived status, the carrier named. */
export function toQuote(row: repository.QuoteRow, carrierName: string, today: string): Quote {
  const premiumCents = row.premiumCents
  return {
    id: row.id,
    applicationId: row.applicationId,
    carrierId: row.carrierId,
    carrierName,
    status: quoteStatusOn(row, today),
    source: row.source,
    premium: premiumCents === null ? null : toDollars(premiumCents),
    termMonths: row.termMonths,
    annualPremium:
      premiumCents === null || !row.termMonths ? null : toDollars(annualise(premiumCents, row.termMonths)),
    effectiveDate: row.effectiveDate,
    quoteNumber: row.quoteNumber,
    expiresAt: row.expiresAt,
    coverages: row.coverages,
    declineReason: row.declineReason,
    documentId: row.documentId,
    policyId: row.policyId,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * The application a quote or decline is entered on, locked for the caller's transaction: 404
 * when it is not the agency's, 409 once it is bound, and a field message when it was not sent to
 * the carrier (application_carriers).
 */
export async function lockApplicationForQuote(
  tx: Executor,
  agencyId: string,
  applicationId: string,
  carrierId: string,
) {
  const application = await findQuotedApplication(tx, agencyId, applicationId, { forUpdate: true })
  if (!application) throw notFound()
  if (application.status === 'bound')
    throw new AppError('CONFLICT', { message: QUOTE_TEXTS.applicationBound })
  const sentTo = await findSentCarrierIds(tx, agencyId, applicationId)
  if (!sentTo.includes(carrierId)) throw invalidField('carrierId', QUOTE_TEXTS.carrierNotSent)
  return application
}

/** One of the application's quotes by id, for a renewal choosing among them; undefined when it is not one. */
export async function findQuoteOfApplication(
  executor: Executor,
  agencyId: string,
  applicationId: string,
  quoteId: string,
): Promise<{ id: string; carrierId: string; premiumCents: number | null } | undefined> {
  const row = await repository.findQuote(executor, agencyId, quoteId)
  return row?.applicationId === applicationId
    ? { id: row.id, carrierId: row.carrierId, premiumCents: row.premiumCents }
    : undefined
}

/** The job that tells whoever listens (a remarketed renewal) that an application's first offer came in. */
export const FIRST_QUOTE_JOB = 'quotes.first_offer'

/**
 * In the caller's transaction, which holds the application's lock, before an offered quote is
 * written: when it is the application's first priced quote, books a run of the listeners. Quotes
 * knows nothing of renewals; the renewal pipeline moves a remarketed renewal to quoted.
 */
export async function announceFirstOffer(tx: Executor, agencyId: string, applicationId: string) {
  if (await repository.hasPricedQuote(tx, agencyId, applicationId)) return
  await enqueueJob(tx, { type: FIRST_QUOTE_JOB, agencyId, payload: { applicationId } })
}
