import type { Db } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  RENEWAL_STAGE_LABELS,
  RENEWAL_TEXTS,
  type RenewalChange,
} from '#shared/contracts/renewals.contract.ts'
import {
  isOpenStage,
  milestoneDate,
  nextMilestone,
  type RenewalStage,
} from '#shared/domain/renewal-pipeline.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { markPolicyOutcome } from '../policies/policy-renewal.service.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'
import * as repository from './renewals.repository.ts'
import { getRenewal, loadRenewal } from './renewals.service.ts'

const closedText = (stage: RenewalStage) =>
  RENEWAL_TEXTS.closed.replace('{stage}', RENEWAL_STAGE_LABELS[stage].toLowerCase())

/** A closed renewal (renewed, lost, non-renewed) keeps its outcome: a change to it is refused on its stage. */
export function refuseClosed(stage: RenewalStage) {
  if (!isOpenStage(stage)) throw invalidField('stage', closedText(stage))
}

/** An action on a closed renewal (remarket it, renew it again) conflicts with its outcome: 409. */
export function conflictIfClosed(stage: RenewalStage) {
  if (!isOpenStage(stage)) throw new AppError('CONFLICT', { message: closedText(stage) })
}

/**
 * Moves a renewal to another stage, assigns it, or both: each change kept in its history and
 * audited. Lost and non-renewed close it and set the policy to end without renewal at expiry.
 */
export async function changeRenewal(db: Db, ctx: Ctx, id: string, change: RenewalChange, today: string) {
  const { agencyId, userId } = ctx.actor
  await db.transaction(async (tx) => {
    const row = await loadRenewal(tx, ctx, id, { forUpdate: true })
    refuseClosed(row.stage)
    const values: Partial<repository.RenewalRow> = {}
    const events: repository.NewRenewalEvent[] = []
    if (change.assigneeId !== undefined && change.assigneeId !== row.assigneeId) {
      if (change.assigneeId !== null) {
        const user = (await findUserNames(tx, [change.assigneeId])).get(change.assigneeId)
        if (user?.agencyId !== agencyId) throw invalidField('assigneeId', RENEWAL_TEXTS.unknownAssignee)
      }
      values.assigneeId = change.assigneeId
      events.push({
        agencyId,
        renewalId: id,
        kind: 'assigned',
        details: { from: row.assigneeId, to: change.assigneeId },
        byUserId: userId,
      })
    }
    if (change.stage !== undefined && change.stage !== row.stage) {
      const stage = change.stage
      const settings = (await renewalSettingsFor(tx, [agencyId])).get(agencyId)!
      const milestone = nextMilestone(stage)
      values.stage = stage
      values.dueDate = milestone ? milestoneDate(row.expirationDate, milestone, settings.milestoneDays) : null
      values.closedAt = isOpenStage(stage) ? null : new Date()
      values.lostReason = stage === 'lost' ? change.lostReason! : null
      events.push({
        agencyId,
        renewalId: id,
        kind: 'stage',
        fromStage: row.stage,
        toStage: stage,
        details: stage === 'lost' ? { lostReason: change.lostReason } : null,
        byUserId: userId,
      })
      // Lost or non-renewed: the policy ends at its expiration instead of renewing.
      if (stage === 'lost' || stage === 'non_renewed')
        await markPolicyOutcome(tx, agencyId, row.policyId, 'non_renewed')
    }
    if (events.length === 0) return
    await repository.updateRenewal(tx, agencyId, id, values)
    await repository.insertEvents(tx, events)
    await recordAudit(tx, ctx, {
      action: 'renewal.changed',
      entity: { type: 'renewal', id },
      details: {
        policyId: row.policyId,
        ...(values.stage ? { from: row.stage, to: values.stage, lostReason: values.lostReason } : {}),
        ...('assigneeId' in values ? { assigneeId: values.assigneeId } : {}),
      },
    })
  })
  return getRenewal(db, ctx, id, today)
}
