import type { Db, Executor } from '#server/db/connect.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import {
  isOpenStage,
  milestoneDate,
  nextMilestone,
  type RenewalStage,
} from '#shared/domain/renewal-pipeline.ts'
import { findPolicyForRenewal } from '../policies/policy-renewal.service.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'
import * as repository from './renewals.repository.ts'

const SYSTEM = { ipAddress: null, userAgent: 'renewal pipeline', requestId: null }

/** Why the pipeline moved a renewal by itself, kept in its history. */
export type MoveCause = 'first_quote' | 'policy_cancelled' | 'policy_reinstated'

/**
 * In the caller's transaction, on a renewal it has locked: the pipeline moves it to `to` by itself
 * (no user behind it), its next milestone's date following the stage, its history and the
 * agency's audit chain saying why.
 */
export async function moveRenewalItself(
  tx: Executor,
  row: repository.RenewalRow,
  to: RenewalStage,
  cause: MoveCause,
  details: Record<string, unknown> = {},
): Promise<void> {
  const { agencyId, id } = row
  const settings = (await renewalSettingsFor(tx, [agencyId])).get(agencyId)!
  const milestone = nextMilestone(to)
  await repository.updateRenewal(tx, agencyId, id, {
    stage: to,
    dueDate: milestone ? milestoneDate(row.expirationDate, milestone, settings.milestoneDays) : null,
    closedAt: isOpenStage(to) ? null : new Date(),
  })
  await repository.insertEvents(tx, [
    {
      agencyId,
      renewalId: id,
      kind: 'stage',
      fromStage: row.stage,
      toStage: to,
      details: { cause, ...details },
    },
  ])
  await recordAuditAs(
    tx,
    SYSTEM,
    { agencyId, actorUserId: null },
    {
      action: 'renewal.changed',
      entity: { type: 'renewal', id },
      details: { policyId: row.policyId, from: row.stage, to, cause },
    },
  )
}

/** A remarketed application's first offered quote came in: its renewal, still remarketing, is quoted. */
export async function markRemarketQuoted(db: Db, agencyId: string, applicationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repository.findOpenByApplication(tx, agencyId, applicationId)
    if (row?.stage === 'remarketing')
      await moveRenewalItself(tx, row, 'quoted', 'first_quote', { applicationId })
  })
}

/** Whether the policy is cancelled now (announcements may run late or out of order: the policy decides). */
async function isCancelled(tx: Executor, agencyId: string, policyId: string) {
  return Boolean((await findPolicyForRenewal(tx, agencyId, policyId))?.cancellationDate)
}

/**
 * A cancelled policy leaves the pipeline: its open renewal closes as non-renewed. The policy's
 * outcome is left alone, since its cancellation already decides its status (and a reinstatement
 * must find it untouched).
 */
export async function closeForCancelledPolicy(db: Db, agencyId: string, policyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repository.findOpenForPolicy(tx, agencyId, policyId)
    if (row && (await isCancelled(tx, agencyId, policyId)))
      await moveRenewalItself(tx, row, 'non_renewed', 'policy_cancelled')
  })
}

/**
 * A reinstated policy's coverage resumes without a gap, and so does the renewal its cancellation
 * closed: back to the stage it was in. A renewal an agent closed stays closed.
 */
export async function reopenForReinstatedPolicy(db: Db, agencyId: string, policyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repository.findLatestForPolicy(tx, agencyId, policyId)
    if (row?.stage !== 'non_renewed') return
    const last = (await repository.findEvents(tx, agencyId, row.id)).at(-1)
    if (last?.details?.cause !== 'policy_cancelled' || !last.fromStage || !isOpenStage(last.fromStage)) return
    if (await isCancelled(tx, agencyId, policyId)) return
    await moveRenewalItself(tx, row, last.fromStage, 'policy_reinstated')
  })
}
