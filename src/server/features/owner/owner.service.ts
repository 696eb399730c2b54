import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { OwnerDashboard, TopUser } from '#shared/contracts/owner.contract.ts'
import { PLAN_CODES, type PlanCode } from '#shared/domain/plans.ts'
import {
  getRevenueFigures,
  listRecentSubscriptionEvents,
  listTopPayingAgencies,
  sumPaidInvoicesOf,
} from '../billing/billing-figures.service.ts'
import * as rollups from '../reporting/owner-rollups.service.ts'

/** Rows each list shows (ours: the spec shows no count). */
export const OWNER_LIST_SIZE = 10

const dollars = (cents: number) => Math.round(cents) / 100
/** A share 0–1 as a percentage with one decimal. */
const percent = (share: number) => Math.round(share * 1000) / 10
const tierOf = (code: string): PlanCode =>
  PLAN_CODES.includes(code as PlanCode) ? (code as PlanCode) : 'free'
const nameOf = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`

type UserRow = Awaited<ReturnType<typeof rollups.findUsersWithApplications>>[number]

/**
 * The owner dashboard (spec part 3 §2, §3), every figure from the platform's data; each one's
 * definition is on the query or function that computes it:
 * users and retention in reporting/user-activity.repository.ts (measureActivity), money and
 * conversion in billing-figures.ts, applications and carrier submissions in
 * reporting/refresh-owner-rollups.ts. Counts over every
 * user or application come from the rollup (kept by the jobs worker, `countedAt`); the rest is
 * read at each view.
 */
export async function getOwnerDashboard(db: Db, ctx: Ctx, now = new Date()): Promise<OwnerDashboard> {
  let run = await rollups.findRollupRun(db)
  if (!run) {
    // A new install's first view counts at once instead of showing zeros until the worker runs.
    await rollups.refreshOwnerRollups(db, now)
    run = await rollups.findRollupRun(db)
  }
  // Users, activity and retention as of the last count (a pass over every user: the rollup's).
  const activity = run!.activity
  const [revenue, events, recent, topCreators, carriers, payers] = await Promise.all([
    getRevenueFigures(db, now),
    listRecentSubscriptionEvents(db, OWNER_LIST_SIZE),
    rollups.listRecentUsers(db, OWNER_LIST_SIZE),
    rollups.listTopCreators(db, OWNER_LIST_SIZE),
    rollups.listPopularCarriers(db, OWNER_LIST_SIZE),
    listTopPayingAgencies(db, OWNER_LIST_SIZE),
  ])
  const payerUsers = await rollups.findUsersWithApplications(
    db,
    payers.flatMap((payer) => (payer.userId ? [payer.userId] : [])),
  )
  const paidByAgency = await sumPaidInvoicesOf(db, [...new Set(topCreators.map((row) => row.agencyId))])
  for (const payer of payers) paidByAgency.set(payer.agencyId, payer.cents)
  const topUser = (row: UserRow): TopUser => ({
    id: row.id,
    name: nameOf(row),
    agencyName: row.agencyName,
    applicationsCount: Number(row.applications),
    totalRevenue: dollars(paidByAgency.get(row.agencyId) ?? 0),
    subscriptionTier: tierOf(row.planCode),
  })
  const payerById = new Map(payerUsers.map((row) => [row.id, row]))
  const applications = run!.applications
  const dashboard: OwnerDashboard = {
    overview: {
      totalUsers: activity.totalUsers,
      activeUsers: activity.activeUsers,
      monthlyRevenue: dollars(revenue.mrrCents),
      totalRevenue: dollars(revenue.totalRevenueCents),
      growthRate: percent(revenue.growth),
      churRate: percent(revenue.churn),
    },
    subscriptions: {
      planDistribution: Object.fromEntries(
        PLAN_CODES.map((code) => {
          const entry = revenue.planDistribution[code]
          return [code, { count: entry.count, revenue: dollars(entry.mrrCents) }]
        }),
      ) as OwnerDashboard['subscriptions']['planDistribution'],
      recentEvents: events.map((event) => ({
        id: event.id,
        eventType: event.eventType as OwnerDashboard['subscriptions']['recentEvents'][number]['eventType'],
        // A change the provider reported on its own has no user: the agency is named instead.
        userName: event.userName ?? event.agencyName,
        agencyName: event.agencyName,
        fromPlan: tierOf(event.fromPlanCode),
        toPlan: tierOf(event.toPlanCode),
        amount: dollars(event.amountCents),
        timestamp: new Date(event.occurredAt).toISOString(),
      })),
      mrrByMonth: revenue.mrrByMonth.map((row) => ({ month: row.month, mrr: dollars(row.mrrCents) })),
    },
    users: {
      recent: recent.map((row) => ({
        id: row.id,
        name: nameOf(row),
        email: row.email,
        agencyName: row.agencyName,
        subscriptionStatus: row.subscriptionStatus,
        subscriptionTier: tierOf(row.planCode),
        createdAt: row.createdAt.toISOString(),
      })),
      topUsers: topCreators.map(topUser),
      topUsersByRevenue: payers.flatMap((payer) => {
        const user = payer.userId ? payerById.get(payer.userId) : undefined
        return user ? [topUser(user)] : []
      }),
    },
    usage: {
      totalApplications: applications,
      totalCarrierSubmissions: run!.carrierSubmissions,
      // Applications per user: all applications over all users, two decimals.
      avgApplicationsPerUser:
        activity.totalUsers === 0 ? 0 : Math.round((applications / activity.totalUsers) * 100) / 100,
      popularCarriers: carriers.map((carrier) => {
        // Success: the submission reached the carrier; failure: its delivery failed. Submissions
        // still queued or waiting on the agent are not settled and count in neither.
        const settled = carrier.delivered + carrier.failed
        return {
          name: carrier.name,
          submissions: carrier.submissions,
          successRate: settled === 0 ? 0 : percent(carrier.delivered / settled),
        }
      }),
    },
    analytics: {
      userRetention: {
        day1: share(activity.retained[1]),
        day7: share(activity.retained[7]),
        day30: share(activity.retained[30]),
      },
      conversionRates: {
        trialToFree: percent(revenue.conversion.trialToFree),
        freeToStarter: percent(revenue.conversion.freeToStarter),
        starterToProfessional: percent(revenue.conversion.starterToProfessional),
        professionalToEnterprise: percent(revenue.conversion.professionalToEnterprise),
      },
    },
    countedAt: run!.countedAt.toISOString(),
    generatedAt: now.toISOString(),
  }
  // Platform-wide figures and other agencies' users' emails: a sensitive read.
  await recordAudit(db, ctx, { action: 'owner.dashboard_viewed' })
  return dashboard
}

const share = (figure: { cohort: number; retained: number }) =>
  figure.cohort === 0 ? 0 : percent(figure.retained / figure.cohort)
