import type { Executor } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { CarrierQuote } from '#shared/contracts/quotes.contract.ts'
import { toCents } from '#shared/domain/policy-ledger.ts'
import { findQuotedApplication } from '../applications/applications.service.ts'
import type { AnswerOrigin, CarrierAnswerHandlers } from '../carrier-delivery/carrier-webhooks.service.ts'
import { setCarrierPolicyNumber } from '../policies/policies.service.ts'
import { estimateQuoteCents } from './quote-estimate.service.ts'
import * as repository from './quotes.repository.ts'
import { announceFirstOffer } from './quotes.service.ts'

/** The carrier's answer, in its agency's audit chain with no user behind it. */
function auditAnswer(tx: Executor, origin: AnswerOrigin, action: string, quoteId: string, details: object) {
  return recordAuditAs(
    tx,
    origin.meta,
    { agencyId: origin.agencyId, actorUserId: null },
    {
      action,
      entity: { type: 'quote', id: quoteId },
      details: { carrierId: origin.carrierId, eventId: origin.eventId, ...details },
    },
  )
}

/**
 * A carrier's `quoted` answer on an application's submission: a carrier-sourced quote to compare.
 * The same quote number from the carrier again adds nothing; a quote that arrives once the
 * application is bound is kept, as not taken.
 */
async function receiveQuote(tx: Executor, origin: AnswerOrigin, quote: CarrierQuote): Promise<void> {
  const { agencyId, carrierId, recordId: applicationId } = origin
  const application = await findQuotedApplication(tx, agencyId, applicationId, { forUpdate: true })
  if (!application) return
  const quoteNumber = quote.quoteNumber ?? null
  if (
    quoteNumber &&
    (await repository.hasQuoteNumber(tx, agencyId, { applicationId, carrierId, quoteNumber }))
  )
    return
  const estimate = await estimateQuoteCents(tx, agencyId, application, carrierId, utcToday())
  const offered = application.status !== 'bound'
  if (offered) await announceFirstOffer(tx, agencyId, applicationId)
  const row = await repository.insertQuote(tx, {
    agencyId,
    applicationId,
    carrierId,
    status: offered ? 'offered' : 'not_taken',
    source: 'carrier',
    premiumCents: toCents(quote.premium),
    estimatedPremiumCents: estimate,
    termMonths: quote.termMonths,
    effectiveDate: quote.effectiveDate,
    quoteNumber,
    expiresAt: quote.expiresAt,
    coverages: quote.coverages,
  })
  await auditAnswer(tx, origin, 'quote.received', row.id, { applicationId, premium: quote.premium })
}

/** A carrier's `declined` answer on an application's submission: a declined quote with its reason. */
async function receiveDecline(tx: Executor, origin: AnswerOrigin, reason: string | null): Promise<void> {
  const { agencyId, carrierId, recordId: applicationId } = origin
  const application = await findQuotedApplication(tx, agencyId, applicationId, { forUpdate: true })
  if (!application) return
  const row = await repository.insertQuote(tx, {
    agencyId,
    applicationId,
    carrierId,
    status: 'declined',
    source: 'carrier',
    declineReason: reason,
  })
  await auditAnswer(tx, origin, 'quote.declined', row.id, { applicationId })
}

/**
 * A carrier's `bound` answer on a bind request's submission: the policy binding made takes the
 * carrier's own number in place of the provisional one (a number another of the carrier's
 * policies has is refused with policies' field message, and nothing of the answer is kept).
 */
async function receivePolicyNumber(tx: Executor, origin: AnswerOrigin, policyNumber: string): Promise<void> {
  const quote = await repository.findQuote(tx, origin.agencyId, origin.recordId, { forUpdate: true })
  if (!quote?.policyId) return
  await setCarrierPolicyNumber(tx, origin.agencyId, quote.policyId, policyNumber)
  await recordAuditAs(
    tx,
    origin.meta,
    { agencyId: origin.agencyId, actorUserId: null },
    {
      action: 'policy.number_confirmed',
      entity: { type: 'policy', id: quote.policyId },
      details: { quoteId: quote.id, carrierId: origin.carrierId, eventId: origin.eventId, policyNumber },
    },
  )
}

/** What the quotes feature records of carriers' answers (carrier delivery's webhook calls these). */
export const carrierQuoteAnswers: CarrierAnswerHandlers = {
  quoted: receiveQuote,
  declined: receiveDecline,
  bound: receivePolicyNumber,
}
