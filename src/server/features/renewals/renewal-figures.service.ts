import type { Executor } from '#server/db/connect.ts'
import { RETENTION_TEXTS } from '#shared/contracts/renewals-retention-texts.ts'
import { addDays, addMonths } from '#shared/domain/policy-ledger.ts'
import { todayIn } from '#shared/domain/renewal-pipeline.ts'
import { selectUserNames } from '../auth/find-user-names.ts'
import * as repository from './renewal-figures.repository.ts'
import { renewalSettingsFor } from './renewal-settings.service.ts'
import { toRenewals } from './renewals.service.ts'

/** What the assistant asks of the renewal pipeline: read-only, one agency's, in its own time zone. */

/** Past this many, a listing says "and N more" rather than read them all. */
export const AT_RISK_LISTED_MAX = 10

async function agencyToday(executor: Executor, agencyId: string, now: Date) {
  const settings = (await renewalSettingsFor(executor, [agencyId])).get(agencyId)!
  return todayIn(settings.timeZone, now)
}

/**
 * The open renewals at risk whose term expires or whose next milestone falls due this month (the
 * agency's calendar month), soonest milestone first: who the insured is, the policy, the offer
 * and its change. `total` counts them all; at most `limit` are listed.
 */
export async function findAtRiskRenewalsThisMonth(
  executor: Executor,
  agencyId: string,
  limit: number,
  now = new Date(),
) {
  const today = await agencyToday(executor, agencyId, now)
  const from = `${today.slice(0, 7)}-01`
  const to = addDays(addMonths(from, 1), -1)
  const rows = await repository.findAtRiskOpen(
    executor,
    agencyId,
    { from, to },
    Math.min(limit, AT_RISK_LISTED_MAX),
  )
  const renewals = await toRenewals(
    executor,
    agencyId,
    rows.map((row) => row.renewal),
    today,
  )
  return {
    month: from.slice(0, 7),
    total: rows[0]?.total ?? 0,
    renewals: renewals.map((renewal) => ({
      id: renewal.id,
      insuredName: renewal.insuredName,
      policyNumber: renewal.policyNumber,
      carrierName: renewal.carrierName,
      lineOfBusiness: renewal.lineOfBusiness,
      expirationDate: renewal.expirationDate,
      nextMilestone: renewal.nextMilestone,
      dueDate: renewal.dueDate,
      expiringPremium: renewal.expiringPremium,
      offerPremium: renewal.offer?.premium ?? null,
      changeAmount: renewal.changeAmount,
      changePercent: renewal.changePercent,
      assigneeName: renewal.assigneeName,
    })),
  }
}

/**
 * The open renewals past their milestone, counted per assignee (null: nobody's; a user since
 * removed is a former user), most first, with the total.
 */
export async function countOverdueRenewalsByAssignee(executor: Executor, agencyId: string, now = new Date()) {
  const today = await agencyToday(executor, agencyId, now)
  const rows = await repository.countOverdueByAssignee(executor, agencyId, today, selectUserNames())
  const assignees = rows.map((row) => ({
    assigneeId: row.assigneeId,
    assigneeName:
      row.assigneeId === null
        ? null
        : row.firstName === null
          ? RETENTION_TEXTS.formerUser
          : `${row.firstName} ${row.lastName}`.trim(),
    overdue: row.overdue,
  }))
  return { today, total: assignees.reduce((sum, row) => sum + row.overdue, 0), assignees }
}
