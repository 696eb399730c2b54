import type { Db } from '#server/db/connect.ts'
import type { ClaimedJob, JobHandler } from '#server/platform/jobs.ts'
import { closeForCancelledPolicy, markRemarketQuoted, reopenForReinstatedPolicy } from './move-renewal.ts'

/**
 * What the pipeline hears from the features below it, which announce through jobs so that none
 * of them imports renewals: a quote's arrival (quotes.first_offer), a cancellation
 * (policies.cancelled) and a reinstatement (policies.reinstated). Each handler is idempotent: it
 * moves a renewal only from the stage the announcement finds it in.
 */
function idOf(job: ClaimedJob, key: string): string | undefined {
  const value = job.payload[key]
  return typeof value === 'string' ? value : undefined
}

/** A remarketed application's first offer moves its renewal from remarketing to quoted. */
export function createFirstQuoteHandler(db: Db): JobHandler {
  return async (job) => {
    const applicationId = idOf(job, 'applicationId')
    if (job.agencyId && applicationId) await markRemarketQuoted(db, job.agencyId, applicationId)
  }
}

/** A cancelled policy leaves the pipeline. */
export function createPolicyCancelledHandler(db: Db): JobHandler {
  return async (job) => {
    const policyId = idOf(job, 'policyId')
    if (job.agencyId && policyId) await closeForCancelledPolicy(db, job.agencyId, policyId)
  }
}

/** A reinstated policy's renewal comes back where the cancellation took it from. */
export function createPolicyReinstatedHandler(db: Db): JobHandler {
  return async (job) => {
    const policyId = idOf(job, 'policyId')
    if (job.agencyId && policyId) await reopenForReinstatedPolicy(db, job.agencyId, policyId)
  }
}
