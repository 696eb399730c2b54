import { and, eq } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { bulkSubmissionRequests } from './bulk-submission.table.ts'

/**
 * Claims an idempotency key for this application; answers null when it was free, or the earlier
 * request that holds it. A concurrent request with the same key waits on the insert.
 */
export async function claimIdempotencyKey(
  executor: Executor,
  agencyId: string,
  key: string,
  applicationId: string,
) {
  const [claimed] = await executor
    .insert(bulkSubmissionRequests)
    .values({ agencyId, idempotencyKey: key, applicationId, submissionIds: [] })
    .onConflictDoNothing()
    .returning()
  if (claimed) return null
  const [earlier] = await executor
    .select()
    .from(bulkSubmissionRequests)
    .where(and(eq(bulkSubmissionRequests.agencyId, agencyId), eq(bulkSubmissionRequests.idempotencyKey, key)))
  return earlier ?? null
}

export async function recordRequestSubmissions(
  executor: Executor,
  agencyId: string,
  key: string,
  submissionIds: string[],
): Promise<void> {
  await executor
    .update(bulkSubmissionRequests)
    .set({ submissionIds })
    .where(and(eq(bulkSubmissionRequests.agencyId, agencyId), eq(bulkSubmissionRequests.idempotencyKey, key)))
}
