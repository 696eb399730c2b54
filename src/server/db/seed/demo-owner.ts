import { millisecondsInDay, millisecondsInHour } from 'date-fns/constants'
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'
import { importPageViews } from '#server/features/analytics/analytics.service.ts'
import { createAgencyWithAdmin } from '#server/features/auth/auth.service.ts'
import { users } from '#server/features/auth/auth.table.ts'
import { seedDemoSubscription } from '#server/features/billing/seed-demo-subscription.ts'
import type { PlanCode } from '#shared/domain/plans.ts'

const DAY = millisecondsInDay
const PATHS = ['/', '/clients', '/applications', '/carriers', '/appointments', '/agent-marketplace']

/**
 * Fictional agencies that joined over the last months, some paying, with page views on known
 * days, so that a platform owner of the demo install sees the owner dashboard alive (MRR by month,
 * retention, plan distribution, active users). Runs once: skipped when its first agency exists.
 */
const AGENCIES: {
  first: string
  last: string
  agency: string
  plan: PlanCode | null
  joinedDaysAgo: number
  activeDays: number[]
}[] = [
  {
    first: 'Maya',
    last: 'Lindqvist',
    agency: 'Northwind Coverage Group',
    plan: 'professional',
    joinedDaysAgo: 150,
    activeDays: [0, 1, 2, 8, 31, 60, 120, 148],
  },
  {
    first: 'Omar',
    last: 'Reyes',
    agency: 'Bluefield Insurance Partners',
    plan: 'starter',
    joinedDaysAgo: 110,
    activeDays: [0, 1, 7, 30, 95, 108],
  },
  {
    first: 'Grace',
    last: 'Okafor',
    agency: 'Summit Ridge Agency',
    plan: 'enterprise',
    joinedDaysAgo: 75,
    activeDays: [0, 2, 9, 40, 70, 74],
  },
  {
    first: 'Henrik',
    last: 'Sato',
    agency: 'Lakeshore Risk Advisors',
    plan: 'starter',
    joinedDaysAgo: 45,
    activeDays: [0, 1, 3, 44],
  },
  {
    first: 'Priya',
    last: 'Castellano',
    agency: 'Redwood Family Insurance',
    plan: null,
    joinedDaysAgo: 20,
    activeDays: [0, 8, 19],
  },
  {
    first: 'Tom',
    last: 'Achebe',
    agency: 'Harborline Brokers',
    plan: null,
    joinedDaysAgo: 9,
    activeDays: [0],
  },
]
const emailOf = (row: (typeof AGENCIES)[number]) =>
  `${row.first.toLowerCase()}@${row.agency.split(' ')[0]!.toLowerCase()}-demo.example`

export async function seedDemoOwnerFigures(db: Db, now = new Date()): Promise<void> {
  const emails = AGENCIES.map(emailOf)
  const existing = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails)).limit(1)
  if (existing.length > 0) return
  for (const row of AGENCIES) {
    const joined = new Date(now.getTime() - row.joinedDaysAgo * DAY)
    const user = await db.transaction(async (tx) => {
      const admin = await createAgencyWithAdmin(tx, {
        firstName: row.first,
        lastName: row.last,
        email: emailOf(row),
        passwordHash: null,
        agencyName: row.agency,
      })
      // They joined then: the rows are dated as if created that day.
      await tx.execute(sql`update users set created_at = ${joined.toISOString()} where id = ${admin.id}`)
      await tx.execute(
        sql`update agencies set created_at = ${joined.toISOString()} where id = ${admin.agencyId}`,
      )
      // Paying from a few days after joining, every month since.
      if (row.plan) {
        await seedDemoSubscription(tx, {
          agencyId: admin.agencyId,
          userId: admin.id,
          planCode: row.plan,
          startedAt: new Date(joined.getTime() + 5 * DAY),
          now,
        })
      }
      return admin
    })
    await importPageViews(
      db,
      row.activeDays.map((day, index) => ({
        agencyId: user.agencyId,
        userId: user.id,
        path: PATHS[index % PATHS.length]!,
        device: index % 3 === 0 ? ('mobile' as const) : ('desktop' as const),
        viewedAt: new Date(joined.getTime() + day * DAY + millisecondsInHour),
      })),
    )
  }
}
