import type { Db, Executor } from '#server/db/connect.ts'
import { enqueueJob, type JobHandler } from '#server/platform/jobs.ts'
import { writeExpectedCommissions } from './write-expected-commissions.ts'

/** A run over the agency's whole book: after its schedule changed, what is missing is written. */
export const COMMISSIONS_CATCH_UP_JOB = 'commissions.catch_up'

/** In the caller's transaction: books the agency's catch-up, run once it commits. */
export async function enqueueCommissionsCatchUp(executor: Executor, agencyId: string): Promise<void> {
  await enqueueJob(executor, { type: COMMISSIONS_CATCH_UP_JOB, agencyId })
}

/**
 * Handles both the policies' announcement (payload.policyIds: those policies) and the catch-up
 * (no ids: the agency's whole book). A retry or a second announcement writes only what is missing.
 */
export function createExpectedCommissionsHandler(db: Db): JobHandler {
  return async (job) => {
    if (!job.agencyId) return
    const ids = job.payload.policyIds
    const policyIds = Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === 'string')
      : undefined
    await writeExpectedCommissions(db, job.agencyId, policyIds)
  }
}
