import type { Executor } from '#server/db/connect.ts'
import { enqueueJob } from '#server/platform/jobs.ts'
import { policyNumberKey } from '#shared/domain/policy-ledger.ts'
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

/** The jobs that tell the renewal pipeline a policy was cancelled, or reinstated after all. */
export const POLICY_CANCELLED_JOB = 'policies.cancelled'
export const POLICY_REINSTATED_JOB = 'policies.reinstated'

/**
 * In the caller's transaction: books a run of whoever listens for a cancellation or a
 * reinstatement (the renewal pipeline: a cancelled policy leaves it, a reinstated one comes back).
 */
export async function announceCancellation(
  executor: Executor,
  agencyId: string,
  policyId: string,
  change: 'cancelled' | 'reinstated',
) {
  await enqueueJob(executor, {
    type: change === 'cancelled' ? POLICY_CANCELLED_JOB : POLICY_REINSTATED_JOB,
    agencyId,
    payload: { policyId },
  })
}

/** The agency's policy with this number at this carrier (a carrier's renewal offer names it so). */
export async function findPolicyByNumber(
  executor: Executor,
  agencyId: string,
  carrierId: string,
  policyNumber: string,
): Promise<{ id: string } | undefined> {
  return repository.findByNumber(executor, agencyId, carrierId, policyNumberKey(policyNumber))
}

/** What a renewal reads of its policy to remarket and renew it, or undefined when it is not the agency's. */
export async function findPolicyForRenewal(executor: Executor, agencyId: string, policyId: string) {
  const row = await repository.findPolicy(executor, agencyId, policyId)
  return row
    ? {
        id: row.id,
        clientId: row.clientId,
        carrierId: row.carrierId,
        lineOfBusiness: row.lineOfBusiness,
        policyNumber: row.policyNumber,
        /** The application it was bound from, if it was bound. */
        applicationId: row.applicationId,
        /** Set while it is cancelled (or pending cancellation); a reinstatement clears it. */
        cancellationDate: row.cancellationDate,
      }
    : undefined
}

/** One term of the agency's policies: its dates and written premium. */
export async function findPolicyTerm(executor: Executor, agencyId: string, termId: string) {
  const row = await repository.findTerm(executor, agencyId, termId)
  return row
    ? {
        id: row.id,
        policyId: row.policyId,
        effectiveDate: row.effectiveDate,
        expirationDate: row.expirationDate,
        writtenPremiumCents: row.writtenPremiumCents,
      }
    : undefined
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

/** The agencies with an active policy expiring within a range: those the daily pipeline visits. */
export function findAgenciesWithTermsExpiring(executor: Executor, range: { from: string; to: string }) {
  return repository.findAgenciesWithTermsExpiring(executor, range)
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
