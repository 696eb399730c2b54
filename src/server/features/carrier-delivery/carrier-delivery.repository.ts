import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import type { SubmissionStatus } from '#shared/domain/submission-status.ts'
import {
  carrierSubmissions,
  carrierWebhookEvents,
  submissionAttempts,
  submissionStatusChanges,
} from './carrier-delivery.table.ts'
import type { SubmissionRecord } from './carrier-packet.service.ts'

export type SubmissionRow = typeof carrierSubmissions.$inferSelect
export type NewSubmission = typeof carrierSubmissions.$inferInsert

export async function insertSubmissions(executor: Executor, rows: NewSubmission[]): Promise<SubmissionRow[]> {
  if (rows.length === 0) return []
  return executor.insert(carrierSubmissions).values(rows).returning()
}

export async function findSubmission(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubmissionRow | undefined> {
  const query = executor
    .select()
    .from(carrierSubmissions)
    .where(and(eq(carrierSubmissions.agencyId, agencyId), eq(carrierSubmissions.id, id)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

/** The record's submissions (to these carriers, when given), locked for the caller's transaction. */
export function findSubmissionsOfRecord(
  executor: Executor,
  agencyId: string,
  record: SubmissionRecord,
  carrierIds?: string[],
) {
  return executor
    .select()
    .from(carrierSubmissions)
    .where(
      and(
        eq(carrierSubmissions.agencyId, agencyId),
        eq(carrierSubmissions.recordType, record.type),
        eq(carrierSubmissions.recordId, record.id),
        carrierIds ? inArray(carrierSubmissions.carrierId, carrierIds) : undefined,
      ),
    )
    .for('update')
}

/** A submission as its record's detail shows it, before its carrier is named (the service names it). */
export type SubmissionDetail = Omit<CarrierSubmission, 'carrierName'> & { recordId: string }

/** Submissions with their history, for a record's detail, in no promised order. */
export async function findSubmissionDetails(
  executor: Executor,
  agencyId: string,
  where:
    | { record: SubmissionRecord }
    | { ids: string[] }
    | { recordType: SubmissionRecord['type']; recordIds: string[] },
): Promise<SubmissionDetail[]> {
  const scope =
    'record' in where
      ? and(
          eq(carrierSubmissions.recordType, where.record.type),
          eq(carrierSubmissions.recordId, where.record.id),
        )
      : 'recordIds' in where
        ? where.recordIds.length > 0
          ? and(
              eq(carrierSubmissions.recordType, where.recordType),
              inArray(carrierSubmissions.recordId, where.recordIds),
            )
          : sql`false`
        : where.ids.length > 0
          ? inArray(carrierSubmissions.id, where.ids)
          : sql`false`
  const rows = await executor
    .select({ submission: carrierSubmissions })
    .from(carrierSubmissions)
    .where(and(eq(carrierSubmissions.agencyId, agencyId), scope))
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
  for (const change of changes)
    history.set(change.submissionId, [...(history.get(change.submissionId) ?? []), change])
  return rows.map(({ submission }) => ({
    id: submission.id,
    recordId: submission.recordId,
    carrierId: submission.carrierId,
    status: submission.status,
    method: submission.method,
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

/** The columns a change of status sets on its submission. */
export interface SubmissionColumns {
  status: SubmissionStatus
  message: string | null
  confirmationNumber?: string | null
  attempts?: number
  lastAttemptAt?: Date
  deliveredAt?: Date | null
}

export async function updateSubmission(
  executor: Executor,
  submission: Pick<SubmissionRow, 'id' | 'agencyId'>,
  columns: SubmissionColumns,
): Promise<void> {
  await executor
    .update(carrierSubmissions)
    .set({ ...columns, updatedAt: new Date() })
    .where(
      and(eq(carrierSubmissions.agencyId, submission.agencyId), eq(carrierSubmissions.id, submission.id)),
    )
}

export async function insertStatusChanges(
  executor: Executor,
  rows: (typeof submissionStatusChanges.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return
  await executor.insert(submissionStatusChanges).values(rows)
}

/** A failed submission starts again: its new packet, the carrier's current method, a fresh idempotency key. */
export async function resetSubmission(
  executor: Executor,
  submission: Pick<SubmissionRow, 'id' | 'agencyId'>,
  values: Pick<NewSubmission, 'method' | 'subject' | 'summary' | 'body' | 'documentId' | 'requestedByUserId'>,
): Promise<void> {
  await executor
    .update(carrierSubmissions)
    .set({
      ...values,
      status: 'queued',
      message: null,
      deliveryKey: sql`gen_random_uuid()`,
      updatedAt: new Date(),
    })
    .where(
      and(eq(carrierSubmissions.agencyId, submission.agencyId), eq(carrierSubmissions.id, submission.id)),
    )
}

/** Stores a packet on a submission that had none, status and idempotency key untouched. */
export async function setPacket(
  executor: Executor,
  submission: Pick<SubmissionRow, 'id' | 'agencyId'>,
  values: Pick<NewSubmission, 'subject' | 'summary' | 'body' | 'documentId'>,
): Promise<void> {
  await executor
    .update(carrierSubmissions)
    .set({
      subject: values.subject,
      summary: values.summary,
      body: values.body,
      documentId: values.documentId,
      updatedAt: new Date(),
    })
    .where(
      and(eq(carrierSubmissions.agencyId, submission.agencyId), eq(carrierSubmissions.id, submission.id)),
    )
}

export async function insertAttempt(executor: Executor, values: typeof submissionAttempts.$inferInsert) {
  await executor.insert(submissionAttempts).values(values)
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
    .select({ n: count() })
    .from(carrierSubmissions)
    .where(
      and(
        eq(carrierSubmissions.agencyId, agencyId),
        inArray(carrierSubmissions.id, ids),
        eq(carrierSubmissions.status, 'queued'),
        sql`(${carrierSubmissions.lastAttemptAt} is null or ${carrierSubmissions.lastAttemptAt} < ${since.toISOString()}::timestamptz)`,
      ),
    )
  return row?.n ?? 0
}

/** Submissions of one kind of record per carrier (e.g. how many applications went to each). */
export function countByCarrier(executor: Executor, agencyId: string, recordType: SubmissionRecord['type']) {
  return executor
    .select({ carrierId: carrierSubmissions.carrierId, submissions: count() })
    .from(carrierSubmissions)
    .where(and(eq(carrierSubmissions.agencyId, agencyId), eq(carrierSubmissions.recordType, recordType)))
    .groupBy(carrierSubmissions.carrierId)
}

/** The agency a submission to this carrier belongs to: how a carrier's webhook finds its secret. */
export async function findSubmissionAgency(executor: Executor, submissionId: string, carrierId: string) {
  const [row] = await executor
    .select({ agencyId: carrierSubmissions.agencyId })
    .from(carrierSubmissions)
    .where(and(eq(carrierSubmissions.id, submissionId), eq(carrierSubmissions.carrierId, carrierId)))
  return row?.agencyId
}

/** The ids of the carriers a record has gone to. */
export async function findCarrierIdsOfRecord(executor: Executor, agencyId: string, record: SubmissionRecord) {
  const rows = await executor
    .select({ carrierId: carrierSubmissions.carrierId })
    .from(carrierSubmissions)
    .where(
      and(
        eq(carrierSubmissions.agencyId, agencyId),
        eq(carrierSubmissions.recordType, record.type),
        eq(carrierSubmissions.recordId, record.id),
      ),
    )
  return rows.map((row) => row.carrierId)
}

/** Records a carrier's event id; false when it was received before (a replay). */
export async function recordWebhookEvent(
  executor: Executor,
  event: { carrierId: string; agencyId: string; eventId: string; submissionId: string | null },
): Promise<boolean> {
  const [fresh] = await executor.insert(carrierWebhookEvents).values(event).onConflictDoNothing().returning()
  return fresh !== undefined
}
