import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { enqueueJobs } from '#server/platform/jobs.ts'
import type { ApplicationSubmission } from '#shared/contracts/applications.contract.ts'
import type { SubmissionStatus } from '#shared/domain/submission-status.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { applicationSubmissions, submissionStatusChanges } from './applications.table.ts'

/** The worker job that delivers one submission to its carrier (bulk-submission/deliver-submission.ts). */
export const DELIVERY_JOB = 'submission.deliver'
/** Attempts for a delivery: network errors and 5xx answers are retried with backoff. */
export const DELIVERY_MAX_ATTEMPTS = 5

export type SubmissionRow = typeof applicationSubmissions.$inferSelect
export type ChangeSource = 'delivery' | 'carrier' | 'agent'

/** Submissions with their carrier's name and their history, for the application's detail. */
export async function findSubmissionDetails(
  executor: Executor,
  agencyId: string,
  where: { applicationId: string } | { ids: string[] },
): Promise<ApplicationSubmission[]> {
  const scope =
    'applicationId' in where
      ? eq(applicationSubmissions.applicationId, where.applicationId)
      : where.ids.length > 0
        ? inArray(applicationSubmissions.id, where.ids)
        : sql`false`
  const rows = await executor
    .select({ submission: applicationSubmissions, carrierName: carriers.name })
    .from(applicationSubmissions)
    .innerJoin(carriers, eq(carriers.id, applicationSubmissions.carrierId))
    .where(and(eq(applicationSubmissions.agencyId, agencyId), scope))
    .orderBy(asc(carriers.name))
  if (rows.length === 0) return []
  const changes = await executor
    .select()
    .from(submissionStatusChanges)
    .where(
      and(
        eq(submissionStatusChanges.agencyId, agencyId),
        inArray(
          submissionStatusChanges.submissionId,
          rows.map((row) => row.submission.id),
        ),
      ),
    )
    .orderBy(asc(submissionStatusChanges.createdAt))
  const history = new Map<string, (typeof changes)[number][]>()
  for (const change of changes) {
    const list = history.get(change.submissionId) ?? []
    list.push(change)
    history.set(change.submissionId, list)
  }
  return rows.map(({ submission, carrierName }) => ({
    id: submission.id,
    carrierId: submission.carrierId,
    carrierName,
    status: submission.status,
    method: submission.method as ApplicationSubmission['method'],
    message: submission.message,
    confirmationNumber: submission.confirmationNumber,
    attempts: submission.attempts,
    documentId: submission.documentId,
    updatedAt: submission.updatedAt.toISOString(),
    history: (history.get(submission.id) ?? []).map((change) => ({
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      source: change.source,
      message: change.message,
      createdAt: change.createdAt.toISOString(),
    })),
  }))
}

export async function findSubmission(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubmissionRow | undefined> {
  const query = executor
    .select()
    .from(applicationSubmissions)
    .where(and(eq(applicationSubmissions.agencyId, agencyId), eq(applicationSubmissions.id, id)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

export interface SubmissionChange {
  status: SubmissionStatus
  source: ChangeSource
  message: string | null
  confirmationNumber?: string | null
  documentId?: string | null
  attempts?: number
  lastAttemptAt?: Date
  deliveredAt?: Date | null
}

/** Moves a submission to a new status and writes the change into its history, in the caller's transaction. */
export async function changeSubmission(
  executor: Executor,
  submission: Pick<SubmissionRow, 'id' | 'agencyId' | 'status'>,
  change: SubmissionChange,
): Promise<void> {
  await executor
    .update(applicationSubmissions)
    .set({
      status: change.status,
      message: change.message,
      ...(change.confirmationNumber !== undefined ? { confirmationNumber: change.confirmationNumber } : {}),
      ...(change.documentId !== undefined ? { documentId: change.documentId } : {}),
      ...(change.attempts !== undefined ? { attempts: change.attempts } : {}),
      ...(change.lastAttemptAt !== undefined ? { lastAttemptAt: change.lastAttemptAt } : {}),
      ...(change.deliveredAt !== undefined ? { deliveredAt: change.deliveredAt } : {}),
      updatedAt: new Date(),
    })
    .where(eq(applicationSubmissions.id, submission.id))
  if (change.status !== submission.status) {
    await executor.insert(submissionStatusChanges).values({
      agencyId: submission.agencyId,
      submissionId: submission.id,
      fromStatus: submission.status,
      toStatus: change.status,
      source: change.source,
      message: change.message,
    })
  }
}

/** The first entry of a submission's history, written when it is queued. */
export async function recordQueued(
  executor: Executor,
  agencyId: string,
  submissions: { id: string }[],
  fromStatus: SubmissionStatus | null,
  source: ChangeSource,
): Promise<void> {
  if (submissions.length === 0) return
  await executor.insert(submissionStatusChanges).values(
    submissions.map((submission) => ({
      agencyId,
      submissionId: submission.id,
      fromStatus,
      toStatus: 'queued' as const,
      source,
      message: fromStatus === null ? 'Queued for delivery' : 'Queued again for delivery',
    })),
  )
}

/** Queues the delivery of each submission, in the caller's transaction (the jobs outbox). */
export async function queueDeliveries(
  executor: Executor,
  agencyId: string,
  submissions: { id: string }[],
  fromStatus: SubmissionStatus | null,
  source: ChangeSource,
): Promise<void> {
  await recordQueued(executor, agencyId, submissions, fromStatus, source)
  await enqueueJobs(
    executor,
    submissions.map((submission) => ({
      type: DELIVERY_JOB,
      agencyId,
      payload: { submissionId: submission.id },
      maxAttempts: DELIVERY_MAX_ATTEMPTS,
    })),
  )
}

export { findApplicationForUpdate, insertStatusChange, insertSubmissions } from './applications.repository.ts'

/** The application's submissions to these carriers, locked for the caller's transaction. */
export function findSubmissionsToCarriers(
  executor: Executor,
  agencyId: string,
  applicationId: string,
  carrierIds: string[],
) {
  return executor
    .select()
    .from(applicationSubmissions)
    .where(
      and(
        eq(applicationSubmissions.agencyId, agencyId),
        eq(applicationSubmissions.applicationId, applicationId),
        inArray(applicationSubmissions.carrierId, carrierIds),
      ),
    )
    .for('update')
}

/** A failed submission goes back in the queue with a fresh idempotency key (a new delivery). */
export async function requeueSubmission(
  executor: Executor,
  submission: SubmissionRow,
  by: { userId: string; method: string },
): Promise<void> {
  await executor
    .update(applicationSubmissions)
    .set({
      status: 'queued',
      method: by.method,
      message: null,
      deliveryKey: sql`gen_random_uuid()`,
      requestedByUserId: by.userId,
      updatedAt: new Date(),
    })
    .where(eq(applicationSubmissions.id, submission.id))
  await queueDeliveries(executor, submission.agencyId, [submission], submission.status, 'agent')
}

/** How many of these submissions have had no delivery attempt since `since` (retries count as one). */
export async function countUntried(
  executor: Executor,
  agencyId: string,
  ids: string[],
  since: Date,
): Promise<number> {
  if (ids.length === 0) return 0
  const [row] = await executor
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(applicationSubmissions)
    .where(
      and(
        eq(applicationSubmissions.agencyId, agencyId),
        inArray(applicationSubmissions.id, ids),
        eq(applicationSubmissions.status, 'queued'),
        sql`(${applicationSubmissions.lastAttemptAt} is null or ${applicationSubmissions.lastAttemptAt} < ${since.toISOString()}::timestamptz)`,
      ),
    )
  return row?.n ?? 0
}
