import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isForeignKeyViolation, isUniqueViolation } from '#server/platform/db-errors.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import {
  BULK_TEXTS,
  type SubmissionResult,
  type SubmitBodySchema,
} from '#shared/contracts/bulk-submission.contract.ts'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { processingTimeOf } from '#shared/domain/recommendations.ts'
import { outcomeOf } from '#shared/domain/submission-status.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import {
  lockApplicationForSubmission,
  markApplicationSubmitted,
} from '../applications/applications.service.ts'
import { buildApplicationPacket } from '../applications/build-application-packet.ts'
import { findSubmissionsByIds, waitForFirstAttempts } from '../carrier-delivery/carrier-delivery.service.ts'
import { QUEUED_TEXTS } from '../carrier-delivery/change-submission.ts'
import { sendToCarriers } from '../carrier-delivery/send-to-carriers.ts'
import { findAgencyCarriers } from '../carriers/carriers.service.ts'
import { claimIdempotencyKey, recordRequestSubmissions } from './bulk-submission.repository.ts'

type SubmitInput = z.output<typeof SubmitBodySchema>

export interface SubmitOptions {
  storage: FileStorage
  /** Ask the in-process worker to run now (a no-op when jobs run in another process). */
  wake: () => void
  /** How long the answer waits for first delivery outcomes before reporting the rest as pending. */
  waitMs: number
}

const KEY_REUSED = 'This idempotency key was already used for another application.'

/** What one submit recorded: its submissions in the order of the carriers asked for. */
export interface Recorded {
  ids: string[]
  alreadySubmitted: Set<string>
  /** Carriers left out because they are not available for this application (generic bulk only). */
  unavailable: string[]
}

/** The earlier request's submissions when this key was used before; null when it is new. */
async function claimKey(tx: Executor, agencyId: string, key: string, applicationId: string) {
  // The key is claimed before the application is looked at, so that a repeat of a finished
  // request still answers its submissions: an application that does not exist fails the claim.
  const earlier = await claimIdempotencyKey(tx, agencyId, key, applicationId).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
    throw error
  })
  if (!earlier) return null
  if (earlier.applicationId !== applicationId) throw new AppError('CONFLICT', { message: KEY_REUSED })
  return { ids: earlier.submissionIds, alreadySubmitted: new Set<string>(), unavailable: [] }
}

/**
 * Writes the submissions (or finds those of an earlier request with the same key). A carrier not
 * available for the application refuses the whole submit, or, with skipUnavailable, is left out.
 */
async function recordSubmissions(
  tx: Executor,
  storage: FileStorage,
  ctx: Ctx,
  input: Pick<SubmitInput, 'applicationId' | 'carrierIds'>,
  key: string | null,
  skipUnavailable: boolean,
): Promise<Recorded> {
  const { agencyId, userId } = ctx.actor
  const earlier = key ? await claimKey(tx, agencyId, key, input.applicationId) : null
  if (earlier) return earlier
  const application = await lockApplicationForSubmission(tx, agencyId, input.applicationId)
  const found = await findAgencyCarriers(tx, agencyId, [...new Set(input.carrierIds)])
  const usable = (id: string) => {
    const carrier = found.find((c) => c.id === id)
    return carrier?.effectiveActive && carrier.supportedTypes.includes(application.insuranceType)
      ? carrier
      : null
  }
  const unavailable = input.carrierIds.filter((id) => !usable(id))
  if (unavailable.length > 0 && !skipUnavailable) {
    throw invalidField(
      `carrierIds.${input.carrierIds.indexOf(unavailable[0]!)}`,
      BULK_TEXTS.carrierNotAvailable,
    )
  }
  const carrierIds = [...new Set(input.carrierIds)].filter((id) => usable(id))
  if (carrierIds.length === 0) return { ids: [], alreadySubmitted: new Set(), unavailable }
  const targets = carrierIds.map((id) => usable(id)!)
  const packet = await buildApplicationPacket(tx, agencyId, application.id, userId, targets)
  const sent = await sendToCarriers(tx, storage, {
    agencyId,
    requestedByUserId: userId,
    packet: packet!,
    targets,
  })
  await markApplicationSubmitted(tx, ctx, application, carrierIds)
  const ids = carrierIds.map((id) => sent.submissionIds.get(id)!)
  if (key) await recordRequestSubmissions(tx, agencyId, key, ids)
  await recordAudit(tx, ctx, {
    action: 'application.submitted_to_carriers',
    entity: { type: 'application', id: application.id },
    details: {
      carriers: carrierIds.length,
      queued: sent.queued,
      alreadySubmitted: sent.alreadySubmitted.size,
    },
  })
  return { ids, alreadySubmitted: sent.alreadySubmitted, unavailable }
}

/**
 * In the caller's transaction: one application to carriers the caller has checked are available
 * for it (one that is not refuses the whole send), as a submit without an idempotency key.
 */
export function submitInTx(
  tx: Executor,
  storage: FileStorage,
  ctx: Ctx,
  input: Pick<SubmitInput, 'applicationId' | 'carrierIds'>,
): Promise<Recorded> {
  return recordSubmissions(tx, storage, ctx, input, null, false)
}

/** One application to its carriers, in its own transaction (again once if two requests raced). */
export async function recordSubmit(
  db: Db,
  storage: FileStorage,
  ctx: Ctx,
  input: Pick<SubmitInput, 'applicationId' | 'carrierIds'>,
  key: string | null,
  options: { skipUnavailable?: boolean } = {},
): Promise<Recorded> {
  const record = () =>
    db.transaction((tx) => recordSubmissions(tx, storage, ctx, input, key, options.skipUnavailable ?? false))
  try {
    return await record()
  } catch (error) {
    // Two requests without a key raced for the same carriers: the second one sees the first's rows.
    if (!isUniqueViolation(error)) throw error
    return record()
  }
}

export function toResult(submission: CarrierSubmission, alreadySubmitted: boolean): SubmissionResult {
  const outcome = outcomeOf(submission.status)
  return {
    submissionId: submission.id,
    carrierId: submission.carrierId,
    carrierName: submission.carrierName,
    status: outcome,
    deliveryStatus: submission.status,
    message:
      (alreadySubmitted ? `${BULK_TEXTS.alreadySubmitted}. ` : '') +
      (submission.message ?? (outcome === 'pending' ? QUEUED_TEXTS.first : '')),
    submissionMethod: submission.method,
    processingTime: processingTimeOf(submission.method),
    confirmationNumber: submission.confirmationNumber,
  }
}

/** The results of recorded submissions, in their order, as they stand now. */
export async function resultsOf(db: Db, agencyId: string, recorded: Recorded): Promise<SubmissionResult[]> {
  const details = await findSubmissionsByIds(db, agencyId, recorded.ids)
  const byId = new Map(details.map((d) => [d.id, d]))
  return recorded.ids
    .map((id) => byId.get(id))
    .filter((d): d is CarrierSubmission => d !== undefined)
    .map((d) => toResult(d, recorded.alreadySubmitted.has(d.id)))
}

/**
 * Sends an application to the chosen carriers: one submission per carrier, delivered by the worker
 * through the jobs outbox. The same idempotency key answers the same submissions; a carrier that
 * already has this application keeps its submission (a failed one is queued again). The answer
 * waits a few seconds for first outcomes, so it reports what really happened; deliveries still
 * under way (or waiting for a retry) come back as pending and the results screen follows them.
 */
export async function submitToCarriers(
  db: Db,
  ctx: Ctx,
  input: SubmitInput,
  headerKey: string | undefined,
  options: SubmitOptions,
): Promise<SubmissionResult[]> {
  const key = input.idempotencyKey ?? headerKey?.trim().slice(0, 100) ?? null
  const started = new Date()
  const recorded = await recordSubmit(db, options.storage, ctx, input, key)
  options.wake()
  await waitForFirstAttempts(db, ctx.actor.agencyId, recorded.ids, started, options.waitMs)
  return resultsOf(db, ctx.actor.agencyId, recorded)
}
