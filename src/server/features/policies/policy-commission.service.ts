import type { Executor } from '#server/db/connect.ts'
import { enqueueJob } from '#server/platform/jobs.ts'
import type { selectLedgerFacts } from './policy-commission.repository.ts'

/** What commissions read of the ledger, and how they hear of new transactions. */

export { findPolicyIdPage, selectLedgerFacts } from './policy-commission.repository.ts'
export type LedgerFactsQuery = ReturnType<typeof selectLedgerFacts>

/** The job that tells whoever earns from the ledger (commissions) these policies' transactions were written. */
export const POLICY_TRANSACTIONS_WRITTEN_JOB = 'policies.transactions_written'

/**
 * In the caller's transaction: books a run of whoever listens for ledger transactions, for these
 * policies. Every writer of a transaction calls it (a policy written, endorsed, cancelled,
 * reinstated, renewed, imported); the listener writes what is missing, so a second call is harmless.
 */
export async function announceTransactionsWritten(
  executor: Executor,
  agencyId: string,
  policyIds: readonly string[],
): Promise<void> {
  if (policyIds.length === 0) return
  await enqueueJob(executor, {
    type: POLICY_TRANSACTIONS_WRITTEN_JOB,
    agencyId,
    payload: { policyIds: [...new Set(policyIds)] },
  })
}
