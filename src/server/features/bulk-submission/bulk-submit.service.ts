import type { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  BULK_HELPER_TEXTS,
  BULK_TEXTS,
  type BulkSubmitBodySchema,
  type BulkSubmitResult,
} from '#shared/contracts/bulk-submission.contract.ts'
import { waitForFirstAttempts } from '../carrier-delivery/carrier-delivery.service.ts'
import { type Recorded, recordSubmit, resultsOf, type SubmitOptions } from './submit.service.ts'

type BulkInput = z.output<typeof BulkSubmitBodySchema>

/** A carrier of an application that was not sent, and why. */
function notSent(applicationId: string, carrierId: string, message: string): BulkSubmitResult {
  return {
    applicationId,
    carrierId,
    carrierName: '',
    status: 'failed',
    deliveryStatus: null,
    message,
    submissionId: null,
    submissionMethod: null,
    processingTime: null,
    confirmationNumber: null,
  }
}

/**
 * The generic helper: each application goes to its carriers as a submit would send it, each in its
 * own transaction, so one application that cannot be sent (not found, already decided) does not
 * hold back the others. A carrier unavailable for an application is reported and left out. With
 * an idempotency key, each application's part is idempotent under that key. The answer has one
 * result per application and carrier, after the same short wait for first outcomes as a submit.
 */
export async function submitManyToCarriers(
  db: Db,
  ctx: Ctx,
  input: BulkInput,
  headerKey: string | undefined,
  options: SubmitOptions,
): Promise<BulkSubmitResult[]> {
  const key = input.idempotencyKey ?? headerKey?.trim().slice(0, 60) ?? null
  const started = new Date()
  const parts: { applicationId: string; carrierIds: string[]; recorded?: Recorded; error?: string }[] = []
  for (const target of input.targets) {
    try {
      const partKey = key ? `${key}:${target.applicationId}` : null
      const recorded = await recordSubmit(db, options.storage, ctx, target, partKey, {
        skipUnavailable: true,
      })
      parts.push({ ...target, recorded })
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      parts.push({ ...target, error: error.message })
    }
  }
  options.wake()
  const ids = parts.flatMap((part) => part.recorded?.ids ?? [])
  await waitForFirstAttempts(db, ctx.actor.agencyId, ids, started, options.waitMs)
  const results: BulkSubmitResult[] = []
  for (const part of parts) {
    if (!part.recorded) {
      results.push(
        ...part.carrierIds.map((id) =>
          notSent(part.applicationId, id, `${BULK_HELPER_TEXTS.notSent}: ${part.error}`),
        ),
      )
      continue
    }
    const sent = await resultsOf(db, ctx.actor.agencyId, part.recorded)
    const byCarrier = new Map(sent.map((result) => [result.carrierId, result]))
    for (const carrierId of new Set(part.carrierIds)) {
      const result = byCarrier.get(carrierId)
      results.push(
        result
          ? { ...result, applicationId: part.applicationId }
          : notSent(
              part.applicationId,
              carrierId,
              `${BULK_HELPER_TEXTS.notSent}: ${BULK_TEXTS.carrierNotAvailable}`,
            ),
      )
    }
  }
  return results
}
