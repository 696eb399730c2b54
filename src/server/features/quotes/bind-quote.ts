import type { Db } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { Policy } from '#shared/contracts/policies.contract.ts'
import { QUOTE_TEXTS, quoteText } from '#shared/contracts/quotes.contract.ts'
import { addMonths } from '#shared/domain/policy-ledger.ts'
import { findQuotedApplication, markApplicationBound } from '../applications/applications.service.ts'
import { sendToCarriers } from '../carrier-delivery/send-to-carriers.ts'
import { findAgencyCarriers } from '../carriers/carriers.service.ts'
import { createPolicyInTx } from '../policies/create-policy.ts'
import { getPolicy } from '../policies/policies.service.ts'
import { buildBindRequest } from './build-bind-request.ts'
import * as repository from './quotes.repository.ts'
import { notFound, quoteStatusOn } from './quotes.service.ts'

export interface BindDeps {
  storage: FileStorage
  /** Asks the in-process job worker to deliver the bind request now. */
  wake: () => void
}

export interface BindInput {
  effectiveDate: string
  policyNumber?: string
}

/** The number an API carrier's policy carries until the carrier answers its own. */
export function provisionalPolicyNumber(quote: { id: string; quoteNumber: string | null }): string {
  return quote.quoteNumber ?? `PENDING-${quote.id.slice(0, 8).toUpperCase()}`
}

const conflict = (message: string) => new AppError('CONFLICT', { message })

/**
 * Binds an offered, unexpired quote, in one transaction: the policy with nothing typed again
 * (client, carrier, line, the application's agent as producer, the quote's premium and term from
 * the chosen effective date), the quote bound to it, the application's other offered quotes not
 * taken, the application bound. An API carrier's policy starts with a provisional number and a
 * bind request goes out through carrier delivery (signed, with its idempotency key, retried); the
 * carrier's `bound` answer brings the number. Any other carrier's number is the agent's to give.
 */
export async function bindQuote(
  db: Db,
  deps: BindDeps,
  ctx: Ctx,
  quoteId: string,
  input: BindInput,
): Promise<Policy> {
  const { agencyId } = ctx.actor
  const today = utcToday()
  const { policyId, onApi } = await db.transaction(async (tx) => {
    const found = await repository.findQuote(tx, agencyId, quoteId)
    if (!found) throw notFound()
    // The application's lock first, then the quote's: every writer of an application's quotes
    // takes them in that order, so two binds of one application wait for each other.
    const application = await findQuotedApplication(tx, agencyId, found.applicationId, { forUpdate: true })
    const quote = await repository.findQuote(tx, agencyId, quoteId, { forUpdate: true })
    if (!application || !quote) throw notFound()
    const status = quoteStatusOn(quote, today)
    if (status === 'expired') throw conflict(quoteText(QUOTE_TEXTS.expired, { date: quote.expiresAt ?? '' }))
    if (status !== 'offered')
      throw conflict(quoteText(QUOTE_TEXTS.notOffered, { status: status.replace('_', ' ') }))
    const [carrier] = await findAgencyCarriers(tx, agencyId, [quote.carrierId])
    if (!carrier) throw notFound()
    const onApi = carrier.submissionMethod === 'api'
    if (!onApi && !input.policyNumber) throw invalidField('policyNumber', QUOTE_TEXTS.policyNumberRequired)
    const policyNumber = input.policyNumber ?? provisionalPolicyNumber(quote)
    await markApplicationBound(
      tx,
      ctx,
      application,
      `Bound ${carrier.name}'s quote as policy ${policyNumber}`,
    )
    const policyId = await createPolicyInTx(tx, ctx, {
      clientId: application.clientId,
      carrierId: quote.carrierId,
      lineOfBusiness: application.insuranceType,
      policyNumber,
      producerUserId: application.createdByUserId,
      effectiveDate: input.effectiveDate,
      expirationDate: addMonths(input.effectiveDate, quote.termMonths ?? 12),
      premiumCents: quote.premiumCents ?? 0,
      source: 'bound',
      applicationId: application.id,
      quoteId,
      quoteDocumentId: quote.documentId,
    })
    // The quote now reads as bound: from this date, to this policy.
    await repository.updateQuote(tx, agencyId, quoteId, {
      status: 'bound',
      policyId,
      effectiveDate: input.effectiveDate,
    })
    const notTaken = await repository.markOthersNotTaken(tx, agencyId, application.id, quoteId)
    if (onApi) {
      const packet = await buildBindRequest(tx, agencyId, quoteId)
      if (!packet) throw notFound()
      await sendToCarriers(tx, deps.storage, {
        agencyId,
        requestedByUserId: ctx.actor.userId,
        packet,
        targets: [{ id: carrier.id, name: carrier.name, code: carrier.code, submissionMethod: 'api' }],
      })
    }
    await recordAudit(tx, ctx, {
      action: 'quote.bound',
      entity: { type: 'quote', id: quoteId },
      details: {
        applicationId: application.id,
        policyId,
        carrierId: quote.carrierId,
        proposedEffectiveDate: quote.effectiveDate,
        effectiveDate: input.effectiveDate,
        notTaken: notTaken.length,
        bindRequest: onApi,
      },
    })
    return { policyId, onApi }
  })
  if (onApi) deps.wake()
  return getPolicy(db, ctx, policyId)
}
