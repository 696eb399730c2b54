import type { Db, Executor } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import { findPolicyIdPage, selectLedgerFacts } from '../policies/policy-commission.service.ts'
import * as repository from './expected-commissions.repository.ts'

/** Policies rated in one statement and one transaction: a book import's batch is three of these. */
export const RATE_BATCH = 1000
const SYSTEM = { ipAddress: null, userAgent: 'expected commissions job', requestId: null }

export interface WriteOutcome {
  written: number
  removed: number
  splits: number
}

/**
 * In the caller's transaction, for these policies of one agency, set-based: the default producer
 * split of each policy without one, and the expected commission of each transaction without one
 * (decision 029). With `rerateFrom` (a policy's override changed), the rows of terms from that day
 * are rated again. Idempotent: what exists is left alone.
 */
export async function writeExpectedCommissionsIn(
  tx: Executor,
  agencyId: string,
  policyIds: readonly string[],
  rerateFrom?: string,
): Promise<WriteOutcome> {
  if (policyIds.length === 0) return { written: 0, removed: 0, splits: 0 }
  const ledger = selectLedgerFacts(agencyId)
  const splits = await repository.writeDefaultSplits(tx, ledger, agencyId, policyIds)
  const rows = await repository.writeExpectedCommissions(tx, ledger, { agencyId, policyIds, rerateFrom })
  return { ...rows, splits }
}

/** One batch in its own transaction, audited as the system when it wrote anything. */
async function writeBatch(db: Db, agencyId: string, policyIds: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const outcome = await writeExpectedCommissionsIn(tx, agencyId, policyIds)
    if (outcome.written + outcome.splits > 0) {
      await recordAuditAs(
        tx,
        SYSTEM,
        { agencyId, actorUserId: null },
        {
          action: 'commission.expected_recorded',
          entity: { type: 'agency', id: agencyId },
          details: { written: outcome.written, splits: outcome.splits, policyIds: policyIds.slice(0, 50) },
        },
      )
    }
    return outcome.written
  })
}

/**
 * What the job does: the expected commissions of these policies' transactions, or, without ids,
 * of every policy of the agency (a catch-up after a schedule change), RATE_BATCH policies a
 * transaction. Answers how many rows it wrote.
 */
export async function writeExpectedCommissions(db: Db, agencyId: string, policyIds?: readonly string[]) {
  let written = 0
  if (policyIds) {
    for (let start = 0; start < policyIds.length; start += RATE_BATCH) {
      written += await writeBatch(db, agencyId, policyIds.slice(start, start + RATE_BATCH))
    }
    return written
  }
  let after: string | undefined
  for (;;) {
    const page = await findPolicyIdPage(db, agencyId, { after, limit: RATE_BATCH })
    if (page.length > 0) written += await writeBatch(db, agencyId, page)
    if (page.length < RATE_BATCH) return written
    after = page.at(-1)
  }
}
