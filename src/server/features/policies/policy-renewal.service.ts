import type { Executor } from '#server/db/connect.ts'
import { enqueueJob } from '#server/platform/jobs.ts'
import * as repository from './policies.repository.ts'

export type { ExpiringTerm } from './policies.repository.ts'

/** What the renewal pipeline reads and decides of a policy, and how it hears of new ones. */

/** The job that tells the renewal pipeline policies were written (it takes in those due at once). */
export const POLICIES_WRITTEN_JOB = 'policies.written'

/**
 * In the caller's transaction: books a run of whoever listens for new policies (the renewal
 * pipeline), for one policy or, without an id, for all of an agency's (after a book import).
 */
export async function announcePoliciesWritten(executor: Executor, agencyId: string, policyId?: string) {
  await enqueueJob(executor, { type: POLICIES_WRITTEN_JOB, agencyId, payload: policyId ? { policyId } : {} })
}

/**
 * The job that tells the renewal pipeline an agency's milestones or at-risk threshold changed (it
 * works out its open renewals' due dates and flags again).
 */
export const RENEWAL_SETTINGS_CHANGED_JOB = 'policies.renewal_settings_changed'

/** In the caller's transaction (the settings' change): books the pipeline's recomputation. */
export async function announceRenewalSettingsChanged(executor: Executor, agencyId: string) {
  await enqueueJob(executor, { type: RENEWAL_SETTINGS_CHANGED_JOB, agencyId })
}

/**
 * Active policies' current terms expiring within a range, a page at a time in (expiration,
 * policy) order, across agencies unless one is named.
 */
export function findTermsExpiring(
  executor: Executor,
  range: { from: string; to: string; agencyId?: string; policyId?: string },
  page: { limit: number; after?: { expirationDate: string; policyId: string } },
) {
  return repository.findTermsExpiring(executor, range, page)
}

/**
 * How the policy's current term ends at its expiration, as its renewal decided: non_renewed (lost
 * or not renewed) or renewed (replaced by a new carrier's policy). The daily status job applies
 * it on the day; the renewal's own audit event records the decision.
 */
export async function markPolicyOutcome(
  executor: Executor,
  agencyId: string,
  policyId: string,
  outcome: 'renewed' | 'non_renewed',
) {
  await repository.updatePolicy(executor, agencyId, policyId, { outcome })
}
