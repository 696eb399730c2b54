import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { Renewal, RenewalEvent } from '#shared/contracts/renewals.contract.ts'
import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { toDollars } from '#shared/domain/policy-ledger.ts'
import { isOverdue, milestoneDates, nextMilestone } from '#shared/domain/renewal-pipeline.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findUserNames, type UserName } from '../auth/find-user-names.ts'
import { findPolicyItems } from '../policies/policies.service.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'
import * as repository from './renewals.repository.ts'

export const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

const fullName = (user: UserName | undefined) => (user ? `${user.firstName} ${user.lastName}` : null)

/**
 * A page of renewal rows as the wire names them: the policy's number, insured and carrier from
 * the policies feature, the assignee's name from auth, one query each for the whole page.
 */
export async function toRenewals(
  executor: Executor,
  agencyId: string,
  rows: repository.RenewalRow[],
  today: string,
): Promise<Renewal[]> {
  const [policies, users] = await Promise.all([
    findPolicyItems(
      executor,
      agencyId,
      rows.map((row) => row.policyId),
    ),
    findUserNames(
      executor,
      rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : [])),
    ),
  ])
  return rows.map((row) => {
    // A renewal's policy is always the agency's: the job makes it from the agency's own policies.
    const policy = policies.get(row.policyId)!
    const offer =
      row.offerPremiumCents === null
        ? null
        : {
            premium: toDollars(row.offerPremiumCents),
            termMonths: row.offerTermMonths ?? 12,
            effectiveDate: row.offerEffectiveDate ?? row.expirationDate,
            changes: row.offerChanges,
            receivedAt: (row.offerReceivedAt ?? row.updatedAt).toISOString(),
          }
    return {
      id: row.id,
      policyId: row.policyId,
      policyNumber: policy.policyNumber,
      insuredName: policy.insuredName,
      clientId: policy.clientId,
      carrierId: row.carrierId,
      carrierName: policy.carrierName,
      lineOfBusiness: row.lineOfBusiness as InsuranceType,
      stage: row.stage,
      assigneeId: row.assigneeId,
      assigneeName: row.assigneeId ? fullName(users.get(row.assigneeId)) : null,
      expirationDate: row.expirationDate,
      nextMilestone: nextMilestone(row.stage),
      dueDate: row.dueDate,
      overdue: isOverdue(row.dueDate, today),
      expiringPremium: toDollars(row.expiringPremiumCents),
      offer,
      changeAmount: offer ? toDollars(row.offerPremiumCents! - row.expiringPremiumCents) : null,
      changePercent: row.changePercent,
      // A closed renewal is past risk: its offer and change stay on record.
      atRisk: row.atRisk && row.closedAt === null,
      lostReason: row.lostReason,
      remarketApplicationId: row.remarketApplicationId,
      renewedPolicyId: row.renewedPolicyId,
      createdAt: row.createdAt.toISOString(),
    }
  })
}

/** The renewal row of the caller's agency, or 404 as for one that does not exist. */
export async function loadRenewal(
  executor: Executor,
  ctx: Ctx,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const row = await repository.findRenewal(executor, ctx.actor.agencyId, id, options)
  if (!row) throw notFound()
  return row
}

/** One renewal with its milestones' dates and its history, oldest first. */
export async function getRenewal(executor: Executor, ctx: Ctx, id: string, today: string) {
  const { agencyId } = ctx.actor
  const row = await loadRenewal(executor, ctx, id)
  const [[renewal], events, settings] = await Promise.all([
    toRenewals(executor, agencyId, [row], today),
    repository.findEvents(executor, agencyId, id),
    renewalSettingsFor(executor, [agencyId]),
  ])
  const authors = await findUserNames(
    executor,
    events.flatMap((event) => (event.byUserId ? [event.byUserId] : [])),
  )
  const history: RenewalEvent[] = events.map((event) => ({
    id: event.id,
    kind: event.kind,
    fromStage: event.fromStage,
    toStage: event.toStage,
    details: event.details,
    byName: event.byUserId ? fullName(authors.get(event.byUserId)) : null,
    createdAt: event.createdAt.toISOString(),
  }))
  const milestones = milestoneDates(row.expirationDate, settings.get(agencyId)!.milestoneDays)
  return { ...renewal!, milestones, history }
}
