import { utc } from '@date-fns/utc'
import { addDays, startOfDay } from 'date-fns'
import type { Db } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import { type JobHandler, scheduleSingleton } from '#server/platform/jobs.ts'
import { policyStatusOn } from '#shared/domain/policy-ledger.ts'
import * as repository from './policies.repository.ts'

export const POLICY_STATUS_JOB = 'policies.apply_status'
/** Policies moved a transaction at a time: a large book never holds one long lock. */
const BATCH = 500
const SYSTEM = { ipAddress: null, userAgent: 'policy status job', requestId: null }

/**
 * Applies the status rule to every policy the calendar may have moved (past its expiration, or
 * past a pending cancellation's date), a batch per transaction. Idempotent: a policy already
 * moved is not found again, and a run killed midway leaves whole batches. Answers how many moved.
 */
export async function applyPolicyStatuses(db: Db, today = utcToday()): Promise<number> {
  let moved = 0
  for (;;) {
    const changed = await db.transaction(async (tx) => {
      const due = await repository.findStatusesDue(tx, today, BATCH)
      let count = 0
      for (const policy of due) {
        const status = policyStatusOn(policy, today)
        if (status === policy.status) continue
        const [row] = await repository.setStatus(tx, policy.id, policy.status, status)
        if (!row) continue
        count += 1
        await recordAuditAs(
          tx,
          SYSTEM,
          { agencyId: row.agencyId, actorUserId: null },
          {
            action: 'policy.status_changed',
            entity: { type: 'policy', id: policy.id },
            details: { from: policy.status, to: status, on: today },
          },
        )
      }
      return { found: due.length, count }
    })
    moved += changed.count
    // A batch in which nothing could move would be found again: stop rather than loop.
    if (changed.found < BATCH || changed.count === 0) return moved
  }
}

/** The next run, just after the coming UTC midnight; booked once however many workers start. */
export function schedulePolicyStatus(db: Db, runAt = new Date(Date.now() + 15_000)): Promise<void> {
  return scheduleSingleton(db, { type: POLICY_STATUS_JOB, singletonKey: POLICY_STATUS_JOB, runAt })
}

export function createPolicyStatusHandler(db: Db, log: { info(obj: object, msg: string): void }): JobHandler {
  return async () => {
    try {
      const moved = await applyPolicyStatuses(db)
      log.info({ moved }, 'applied policy statuses')
    } finally {
      const nextMidnight = startOfDay(addDays(new Date(), 1, { in: utc }), { in: utc })
      await schedulePolicyStatus(db, new Date(nextMidnight.getTime() + 60_000))
    }
  }
}
