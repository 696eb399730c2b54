import type { Db } from '#server/db/connect.ts'
import { PermanentJobError } from '#server/platform/jobs.ts'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import type { SubmissionStatus } from '#shared/domain/submission-status.ts'
import { notifyUser } from '../notifications/notifications.service.ts'
import * as repository from './carrier-delivery.repository.ts'
import { changeSubmission } from './change-submission.ts'

/** One delivery attempt, as recorded in submission_attempts. */
export interface Attempt {
  startedAt: Date
  outcome: 'delivered' | 'retry' | 'failed'
  httpStatus?: number
  error?: string
}

/** Where the attempt leaves the submission. */
export type Outcome =
  | { retryMessage: string }
  | {
      status: SubmissionStatus
      message: string
      confirmationNumber?: string | null
      /** Tell the agent: a task for them (with the packet to send), or a failure. */
      notify?: {
        title: string
        priority: 'high' | 'normal'
        packet?: { documentId: string; filename: string }
      }
    }

/**
 * Writes an attempt and its outcome in one transaction: the attempt row, the submission's new
 * status and history, and the agent's notification. A submission no longer queued (another worker
 * finished it, the agent acted) is left alone.
 */
export async function settleAttempt(
  db: Db,
  submission: repository.SubmissionRow,
  attempt: Attempt,
  outcome: Outcome,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repository.findSubmission(tx, submission.agencyId, submission.id, {
      forUpdate: true,
    })
    if (current?.status !== 'queued') return
    await repository.insertAttempt(tx, {
      agencyId: current.agencyId,
      submissionId: current.id,
      attempt: current.attempts + 1,
      startedAt: attempt.startedAt,
      durationMs: Math.round(Date.now() - attempt.startedAt.getTime()),
      outcome: attempt.outcome,
      httpStatus: attempt.httpStatus ?? null,
      error: attempt.error ?? null,
    })
    const counted = { attempts: current.attempts + 1, lastAttemptAt: attempt.startedAt }
    if ('retryMessage' in outcome) {
      await changeSubmission(tx, current, {
        ...counted,
        status: 'queued',
        source: 'delivery',
        message: outcome.retryMessage,
      })
      return
    }
    await changeSubmission(tx, current, {
      ...counted,
      status: outcome.status,
      source: 'delivery',
      message: outcome.message,
      ...(outcome.confirmationNumber !== undefined ? { confirmationNumber: outcome.confirmationNumber } : {}),
      deliveredAt: outcome.status === 'failed' ? null : new Date(),
    })
    if (outcome.notify && current.requestedByUserId) {
      await notifyUser(tx, {
        agencyId: current.agencyId,
        userId: current.requestedByUserId,
        title: outcome.notify.title,
        message: outcome.message,
        type: 'update',
        priority: outcome.notify.priority,
        attachments: outcome.notify.packet
          ? [
              {
                name: outcome.notify.packet.filename,
                url: documentDownloadPath(outcome.notify.packet.documentId),
              },
            ]
          : [],
      })
    }
  })
}

/** Fails the submission for good, tells the agent, and stops the job from retrying. */
export async function failSubmission(
  db: Db,
  submission: repository.SubmissionRow,
  carrierName: string,
  failure: { startedAt: Date; message: string; httpStatus?: number; error?: string },
): Promise<never> {
  const { startedAt, message, httpStatus, error } = failure
  await settleAttempt(
    db,
    submission,
    { startedAt, outcome: 'failed', httpStatus, error: error ?? message },
    { status: 'failed', message, notify: { title: `Submission to ${carrierName} failed`, priority: 'high' } },
  )
  throw new PermanentJobError(message)
}

/** Records a failure worth another try and hands the job back to the runner, which retries it with backoff. */
export async function retryLater(
  db: Db,
  submission: repository.SubmissionRow,
  job: { attempts: number; maxAttempts: number },
  failure: { startedAt: Date; problem: string; httpStatus?: number },
): Promise<never> {
  const { startedAt, problem, httpStatus } = failure
  await settleAttempt(
    db,
    submission,
    { startedAt, outcome: 'retry', httpStatus, error: problem },
    { retryMessage: `${problem}; trying again (attempt ${job.attempts} of ${job.maxAttempts})` },
  )
  throw new Error(problem)
}
