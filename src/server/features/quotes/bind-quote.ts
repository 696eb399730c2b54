import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { Policy } from '#shared/contracts/policies.contract.ts'
import { QUOTE_TEXTS, quoteText } from '#shared/contracts/quotes.contract.ts'
import { addMonths } from '#shared/domain/policy-ledger.ts'
import {
  findQuotedApplication,
  markApplicationBound,
  type QuotedApplication,
} from '../applications/applications.service.ts'
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

/** An offered quote taken for binding: its application and the carrier, as binding reads them. */
export interface TakenQuote {
  quote: repository.QuoteRow
  application: QuotedApplication
  carrier: { id: string; name: string; code: string; onApi: boolean }
}

/**
 * In the caller's transaction: the quote and its application, locked, when the quote can be bound
 * today (404 when it is not the agency's; 409 once it expired or is no longer offered).
 */
export async function takeQuote(tx: Executor, ctx: Ctx, quoteId: string): Promise<TakenQuote> {
  const { agencyId } = ctx.actor
  const found = await repository.findQuote(tx, agencyId, quoteId)
  if (!found) throw notFound()
  // The application's lock first, then the quote's: every writer of an application's quotes
  // takes them in that order, so two binds of one application wait for each other.
  const application = await findQuotedApplication(tx, agencyId, found.applicationId, { forUpdate: true })
  const quote = await repository.findQuote(tx, agencyId, quoteId, { forUpdate: true })
  if (!application || !quote) throw notFound()
  const status = quoteStatusOn(quote, utcToday())
  if (status === 'expired') throw conflict(quoteText(QUOTE_TEXTS.expired, { date: quote.expiresAt ?? '' }))
  if (status !== 'offered')
    throw conflict(quoteText(QUOTE_TEXTS.notOffered, { status: status.replace('_', ' ') }))
  const [carrier] = await findAgencyCarriers(tx, agencyId, [quote.carrierId])
  if (!carrier) throw notFound()
  return {
    quote,
    application,
    carrier: {
      id: carrier.id,
      name: carrier.name,
      code: carrier.code,
      onApi: carrier.submissionMethod === 'api',
    },
  }
}

/**
 * In the caller's transaction: a taken quote is bound to `policy` (a new one, or the policy it
 * renews): the quote reads as bound from `effectiveDate`, the application's other offered quotes
 * are not taken, the application is bound, and an API carrier gets a bind request (signed, with
 * its idempotency key, retried) whose `bound` answer brings the carrier's number. Audited.
 */
export async function recordBinding(
  tx: Executor,
  storage: FileStorage,
  ctx: Ctx,
  { quote, application, carrier }: TakenQuote,
  policy: { id: string; policyNumber: string },
  effectiveDate: string,
): Promise<void> {
  const { agencyId } = ctx.actor
  await markApplicationBound(
    tx,
    ctx,
    application,
    `Bound ${carrier.name}'s quote as policy ${policy.policyNumber}`,
  )
  await repository.updateQuote(tx, agencyId, quote.id, {
    status: 'bound',
    policyId: policy.id,
    effectiveDate,
  })
  const notTaken = await repository.markOthersNotTaken(tx, agencyId, application.id, quote.id)
  if (carrier.onApi) {
    const packet = await buildBindRequest(tx, agencyId, quote.id)
    if (!packet) throw notFound()
    await sendToCarriers(tx, storage, {
      agencyId,
      requestedByUserId: ctx.actor.userId,
      packet,
      targets: [{ id: carrier.id, name: carrier.name, code: carrier.code, submissionMethod: 'api' }],
    })
  }
  await recordAudit(tx, ctx, {
    action: 'quote.bound',
    entity: { type: 'quote', id: quote.id },
    details: {
      applicationId: application.id,
      policyId: policy.id,
      carrierId: quote.carrierId,
      proposedEffectiveDate: quote.effectiveDate,
      effectiveDate,
      notTaken: notTaken.length,
      bindRequest: carrier.onApi,
    },
  })
}

/**
 * In the caller's transaction: binds an offered, unexpired quote as a new policy with nothing
 * typed again (client, carrier, line, the application's agent as producer, the quote's premium
 * and term from the chosen effective date). An API carrier's policy starts with a provisional
 * number until the carrier answers its own; any other carrier's number is the agent's to give.
 */
export async function bindQuoteInTx(
  tx: Executor,
  storage: FileStorage,
  ctx: Ctx,
  quoteId: string,
  input: BindInput,
): Promise<{ policyId: string; onApi: boolean }> {
  const taken = await takeQuote(tx, ctx, quoteId)
  const { quote, application, carrier } = taken
  if (!carrier.onApi && !input.policyNumber)
    throw invalidField('policyNumber', QUOTE_TEXTS.policyNumberRequired)
  const policyNumber = input.policyNumber ?? provisionalPolicyNumber(quote)
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
  await recordBinding(tx, storage, ctx, taken, { id: policyId, policyNumber }, input.effectiveDate)
  return { policyId, onApi: carrier.onApi }
}

/** Binds a quote in one transaction (bindQuoteInTx), then wakes delivery for a bind request. */
export async function bindQuote(
  db: Db,
  deps: BindDeps,
  ctx: Ctx,
  quoteId: string,
  input: BindInput,
): Promise<Policy> {
  const { policyId, onApi } = await db.transaction((tx) =>
    bindQuoteInTx(tx, deps.storage, ctx, quoteId, input),
  )
  if (onApi) deps.wake()
  return getPolicy(db, ctx, policyId)
}
