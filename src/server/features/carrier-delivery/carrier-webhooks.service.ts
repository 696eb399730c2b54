import { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { type CarrierQuote, CarrierQuoteSchema, QUOTE_TEXTS } from '#shared/contracts/quotes.contract.ts'
import { type RenewalOfferInput, RenewalOfferInputSchema } from '#shared/contracts/renewals.contract.ts'
import {
  CARRIER_REPORTED_STATUSES,
  carrierMayReport,
  SUBMISSION_STATUS_LABELS,
} from '#shared/domain/submission-status.ts'
import type { FieldError } from '#shared/errors.ts'
import { findCarrierContact } from '../carriers/carriers.service.ts'
import { findConnectionSecret } from './carrier-connections.service.ts'
import * as repository from './carrier-delivery.repository.ts'
import { changeSubmission } from './change-submission.ts'
import { notifySender } from './record-carrier-answer.ts'
import { verifySignature, WEBHOOK_TOLERANCE_SECONDS } from './signing.service.ts'

/** A carrier's report on one submission: its progress, a quote, a decline, a bound policy's number. */
export const SubmissionEventSchema = z
  .object({
    eventId: z.string().trim().min(1).max(200),
    submissionId: z.uuid(),
    status: z.enum(CARRIER_REPORTED_STATUSES),
    message: z.string().trim().max(1000).optional(),
    confirmationNumber: z.string().trim().max(100).optional(),
    /** `quoted`: the carrier's offer. */
    quote: CarrierQuoteSchema.optional(),
    /** `declined`: the carrier's reason, kept on the declined quote. */
    reason: z.string().trim().min(1).max(500).optional(),
    /** `bound`: the carrier's number for the policy its bind request made. */
    policyNumber: z.string().trim().min(1).max(60).optional(),
  })
  .superRefine((event, context) => {
    if (event.status === 'quoted' && !event.quote)
      context.addIssue({ code: 'custom', path: ['quote'], message: QUOTE_TEXTS.carrierQuoteShape })
    if (event.status === 'bound' && !event.policyNumber)
      context.addIssue({ code: 'custom', path: ['policyNumber'], message: QUOTE_TEXTS.boundShape })
  })
export type SubmissionEvent = z.infer<typeof SubmissionEventSchema>

/**
 * `renewal_offer`: the carrier's terms for a policy's next term. It answers no submission (a
 * policy entered by hand or imported never had one), so it names the policy by its number at the
 * carrier; the agency is the one whose secret signed it.
 */
export const RenewalOfferEventSchema = z.object({
  eventId: z.string().trim().min(1).max(200),
  status: z.literal('renewal_offer'),
  policyNumber: z.string().trim().min(1).max(60),
  renewalOffer: RenewalOfferInputSchema,
})
export type RenewalOfferEvent = z.infer<typeof RenewalOfferEventSchema>

export const CarrierEventSchema = z.discriminatedUnion('status', [
  SubmissionEventSchema,
  RenewalOfferEventSchema,
])
export type CarrierEvent = z.infer<typeof CarrierEventSchema>

export const EVENT_SHAPE_MESSAGE =
  'Expected eventId, submissionId and a status of acknowledged, under_review, quoted, approved, declined or bound; or eventId, the status renewal_offer, policyNumber and renewalOffer'

/** The event's field messages, for the carrier's developer reading the 400. */
export function eventShapeErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
}

/** Who a carrier's answer came from and where it lands: the agency, the carrier and the submission's record. */
export interface AnswerOrigin {
  agencyId: string
  carrierId: string
  /** The record the submission is of: an application (quoted, declined) or a quote (bound). */
  recordId: string
  eventId: string
  meta: RequestMeta
}

/**
 * What a carrier's answer means beyond its submission's status: a quote to compare, a decline, a
 * policy number. Quotes owns those and sits above carrier delivery, so it passes these in where
 * the features are put together (features/index.ts); each runs in the webhook's transaction.
 */
export interface CarrierAnswerHandlers {
  quoted(tx: Executor, origin: AnswerOrigin, quote: CarrierQuote): Promise<void>
  declined(tx: Executor, origin: AnswerOrigin, reason: string | null): Promise<void>
  bound(tx: Executor, origin: AnswerOrigin, policyNumber: string): Promise<void>
}

/** Where a carrier's renewal offer comes from: the agency whose secret signed it, and when it was signed. */
export interface RenewalOfferOrigin extends Omit<AnswerOrigin, 'recordId'> {
  signedAt: Date
}

/**
 * What records a carrier's renewal offer (the renewals feature, passed in where the features are
 * put together), in the webhook's transaction: whether it was applied, and why not.
 */
export type RenewalOfferHandler = (
  tx: Executor,
  origin: RenewalOfferOrigin,
  policyNumber: string,
  offer: RenewalOfferInput,
) => Promise<{ applied: boolean; reason?: string }>

export type WebhookVerdict =
  | { refused: true }
  | { refused: false; applied: boolean; reason?: string; status?: string }

export interface SignedEvent<E = SubmissionEvent> {
  carrierId: string
  event: E
  raw: Buffer
  timestamp: number
  signature: string
}

/**
 * Checks the signature with the agency's secret for this carrier (the agency is the one whose
 * submission the event names), then applies the event. A bad signature or an unknown submission
 * is refused, the same way each time, so a prober learns nothing.
 */
export async function receiveCarrierEvent(
  db: Db,
  cipher: FieldCipher,
  meta: RequestMeta,
  signed: SignedEvent,
  log: { warn(obj: object, msg: string): void },
  answers?: CarrierAnswerHandlers,
): Promise<WebhookVerdict> {
  const { carrierId, event, raw, timestamp, signature } = signed
  const agencyId = await repository.findSubmissionAgency(db, event.submissionId, carrierId)
  const connection = agencyId ? await findConnectionSecret(db, cipher, agencyId, carrierId) : null
  if (!agencyId || !connection?.secret || !verifySignature(connection.secret, timestamp, raw, signature)) {
    log.warn({ carrierId }, 'carrier webhook refused')
    return { refused: true }
  }
  if (isTooOld(timestamp, carrierId, log)) return TOO_OLD
  return applyEvent(db, meta, carrierId, agencyId, event, answers)
}

export const TOO_OLD: WebhookVerdict = { refused: false, applied: false, reason: 'Event is too old' }

/** Signed longer ago (or further ahead) than the tolerance: a replay, acknowledged and ignored. */
export function isTooOld(
  timestamp: number,
  carrierId: string,
  log: { warn(obj: object, msg: string): void },
) {
  const age = Math.abs(Date.now() / 1000 - timestamp)
  if (age <= WEBHOOK_TOLERANCE_SECONDS) return false
  log.warn({ carrierId, age }, 'carrier webhook too old: ignored')
  return true
}

/** Which record's submission each answer belongs on: a quote or decline on an application's, a bound on a bind request's. */
const ANSWERED_RECORD: Partial<Record<SubmissionEvent['status'], { type: string; misplaced: string }>> = {
  quoted: { type: 'application', misplaced: 'Only an application’s submission can be quoted' },
  bound: { type: 'quote', misplaced: 'A bound answer names the submission of the bind request' },
}

const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** What the submission's history and the agent's notice say of the answer. */
function answerMessage(event: SubmissionEvent, carrierName: string): string {
  if (event.message) return event.message
  if (event.status === 'quoted' && event.quote)
    return `${carrierName} quoted ${dollars(event.quote.premium)} for ${event.quote.termMonths} months`
  if (event.status === 'bound') return `${carrierName} bound the policy as ${event.policyNumber}`
  if (event.status === 'declined' && event.reason) return `${carrierName} declined: ${event.reason}`
  const label = SUBMISSION_STATUS_LABELS[event.status].toLowerCase()
  return `${carrierName} reports the application ${label}`
}

/** Where in the submission's story this event lands, in one transaction; replays and stale events change nothing. */
async function applyEvent(
  db: Db,
  meta: RequestMeta,
  carrierId: string,
  agencyId: string,
  event: SubmissionEvent,
  answers: CarrierAnswerHandlers | undefined,
): Promise<WebhookVerdict> {
  return db.transaction(async (tx) => {
    const fresh = await repository.recordWebhookEvent(tx, {
      carrierId,
      agencyId,
      eventId: event.eventId,
      submissionId: event.submissionId,
    })
    if (!fresh) return { refused: false, applied: false, reason: 'Event already received' }
    const submission = await repository.findSubmission(tx, agencyId, event.submissionId, { forUpdate: true })
    if (!submission) return { refused: true }
    const placed = ANSWERED_RECORD[event.status]
    if (placed && submission.recordType !== placed.type) {
      return { refused: false, applied: false, reason: placed.misplaced }
    }
    if (!carrierMayReport(submission.status, event.status)) {
      return { refused: false, applied: false, reason: `Submission is already ${submission.status}` }
    }
    const carrier = await findCarrierContact(tx, agencyId, carrierId)
    const message = answerMessage(event, carrier?.name ?? 'The carrier')
    await changeSubmission(tx, submission, {
      status: event.status,
      source: 'carrier',
      message,
      ...(event.confirmationNumber ? { confirmationNumber: event.confirmationNumber } : {}),
    })
    const origin = { agencyId, carrierId, recordId: submission.recordId, eventId: event.eventId, meta }
    if (answers && event.status === 'quoted' && event.quote) await answers.quoted(tx, origin, event.quote)
    if (answers && event.status === 'bound' && event.policyNumber)
      await answers.bound(tx, origin, event.policyNumber)
    if (answers && event.status === 'declined' && submission.recordType === 'application')
      await answers.declined(tx, origin, event.reason ?? event.message ?? null)
    await notifySender(tx, submission, {
      carrierName: carrier?.name ?? 'The carrier',
      status: event.status,
      message,
    })
    await recordAuditAs(
      tx,
      meta,
      { agencyId, actorUserId: null },
      {
        action: 'submission.carrier_update',
        entity: { type: 'carrier_submission', id: submission.id },
        details: { carrierId, eventId: event.eventId, from: submission.status, to: event.status },
      },
    )
    return { refused: false, applied: true, status: event.status }
  })
}
