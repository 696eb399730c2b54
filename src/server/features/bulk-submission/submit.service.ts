import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import type { ApplicationSubmission } from '#shared/contracts/applications.contract.ts'
import {
  BULK_TEXTS,
  type SubmissionResult,
  type SubmitBodySchema,
} from '#shared/contracts/bulk-submission.contract.ts'
import { processingTimeOf } from '#shared/domain/recommendations.ts'
import { outcomeOf } from '#shared/domain/submission-status.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { applications } from '../applications/applications.table.ts'
import {
  countUntried,
  findApplicationForUpdate,
  findSubmissionDetails,
  findSubmissionsToCarriers,
  insertStatusChange,
  insertSubmissions,
  queueDeliveries,
  requeueSubmission,
} from '../applications/submissions.ts'
import { findAgencyCarriers } from '../carriers/carriers.service.ts'
import { bulkSubmissionRequests } from './bulk-submission.table.ts'

type SubmitInput = z.output<typeof SubmitBodySchema>

export interface SubmitOptions {
  /** Ask the in-process worker to run now (a no-op when jobs run in another process). */
  wake: () => void
  /** How long the answer waits for first delivery outcomes before reporting the rest as pending. */
  waitMs: number
}

const KEY_REUSED = 'This idempotency key was already used for another application.'
const CLOSED = (status: string) => `An application that is ${status} cannot be sent to more carriers.`

/** Writes the submissions (or finds those of an earlier request with the same key); answers their ids. */
async function recordSubmissions(
  tx: Executor,
  ctx: Ctx,
  input: SubmitInput,
  key: string | null,
): Promise<{ ids: string[]; alreadySubmitted: Set<string> }> {
  const { agencyId, userId } = ctx.actor
  if (key) {
    // Claimed first: a concurrent request with the same key waits here, then finds this one's row.
    const [claimed] = await tx
      .insert(bulkSubmissionRequests)
      .values({ agencyId, idempotencyKey: key, applicationId: input.applicationId, submissionIds: [] })
      .onConflictDoNothing()
      .returning()
    if (!claimed) {
      const [earlier] = await tx
        .select()
        .from(bulkSubmissionRequests)
        .where(
          and(eq(bulkSubmissionRequests.agencyId, agencyId), eq(bulkSubmissionRequests.idempotencyKey, key)),
        )
      if (earlier?.applicationId !== input.applicationId)
        throw new AppError('CONFLICT', { message: KEY_REUSED })
      return { ids: earlier.submissionIds, alreadySubmitted: new Set() }
    }
  }
  const application = await findApplicationForUpdate(tx, agencyId, input.applicationId)
  if (!application) throw new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })
  if (application.status === 'approved' || application.status === 'rejected') {
    throw new AppError('CONFLICT', { message: CLOSED(application.status) })
  }
  const carrierIds = [...new Set(input.carrierIds)]
  const carriers = await findAgencyCarriers(tx, agencyId, carrierIds)
  for (const [index, id] of input.carrierIds.entries()) {
    const carrier = carriers.find((c) => c.id === id)
    if (!carrier?.effectiveActive || !carrier.supportedTypes.includes(application.insuranceType)) {
      throw invalidField(`carrierIds.${index}`, BULK_TEXTS.carrierNotAvailable)
    }
  }
  const methods = new Map(carriers.map((c) => [c.id, c.submissionMethod]))
  const existing = await findSubmissionsToCarriers(tx, agencyId, application.id, carrierIds)
  const existingByCarrier = new Map(existing.map((s) => [s.carrierId, s]))
  const fresh = carrierIds.filter((id) => !existingByCarrier.has(id))
  const created = await insertSubmissions(
    tx,
    agencyId,
    application.id,
    fresh.map((carrierId) => ({ carrierId, method: methods.get(carrierId)! })),
    userId,
  )
  await queueDeliveries(tx, agencyId, created, null, 'agent')
  const alreadySubmitted = new Set<string>()
  for (const submission of existing) {
    if (submission.status === 'failed') {
      await requeueSubmission(tx, submission, { userId, method: methods.get(submission.carrierId)! })
    } else {
      alreadySubmitted.add(submission.id)
    }
  }
  if (application.status === 'draft') {
    await tx
      .update(applications)
      .set({ status: 'pending', updatedAt: new Date() })
      .where(eq(applications.id, application.id))
    await insertStatusChange(tx, {
      agencyId,
      applicationId: application.id,
      fromStatus: 'draft',
      toStatus: 'pending',
      changedByUserId: userId,
      note: `Submitted to ${carrierIds.length} carrier${carrierIds.length === 1 ? '' : 's'}`,
    })
  }
  const byCarrier = new Map([...existing, ...created].map((s) => [s.carrierId, s.id]))
  const ids = carrierIds.map((id) => byCarrier.get(id)!)
  if (key) {
    await tx
      .update(bulkSubmissionRequests)
      .set({ submissionIds: ids })
      .where(
        and(eq(bulkSubmissionRequests.agencyId, agencyId), eq(bulkSubmissionRequests.idempotencyKey, key)),
      )
  }
  await recordAudit(tx, ctx, {
    agencyId,
    actorUserId: userId,
    action: 'application.submitted_to_carriers',
    entityType: 'application',
    entityId: application.id,
    details: {
      carriers: carrierIds.length,
      queued: created.length + existing.length - alreadySubmitted.size,
      alreadySubmitted: alreadySubmitted.size,
    },
  })
  return { ids, alreadySubmitted }
}

function toResult(submission: ApplicationSubmission, alreadySubmitted: boolean): SubmissionResult {
  const outcome = outcomeOf(submission.status)
  return {
    submissionId: submission.id,
    carrierId: submission.carrierId,
    carrierName: submission.carrierName,
    status: outcome,
    deliveryStatus: submission.status,
    message:
      (alreadySubmitted ? `${BULK_TEXTS.alreadySubmitted}. ` : '') +
      (submission.message ?? (outcome === 'pending' ? 'Queued for delivery' : '')),
    submissionMethod: submission.method,
    processingTime: processingTimeOf(submission.method),
    confirmationNumber: submission.confirmationNumber,
  }
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
  let recorded: Awaited<ReturnType<typeof recordSubmissions>>
  try {
    recorded = await db.transaction((tx) => recordSubmissions(tx, ctx, input, key))
  } catch (error) {
    // Two requests without a key raced for the same carriers: the second one sees the first's rows.
    if (!isUniqueViolation(error)) throw error
    recorded = await db.transaction((tx) => recordSubmissions(tx, ctx, input, key))
  }
  options.wake()
  const deadline = Date.now() + options.waitMs
  while (Date.now() < deadline && (await countUntried(db, ctx.actor.agencyId, recorded.ids, started)) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const details = await findSubmissionDetails(db, ctx.actor.agencyId, { ids: recorded.ids })
  const byId = new Map(details.map((d) => [d.id, d]))
  return recorded.ids
    .map((id) => byId.get(id))
    .filter((d): d is ApplicationSubmission => d !== undefined)
    .map((d) => toResult(d, recorded.alreadySubmitted.has(d.id)))
}
