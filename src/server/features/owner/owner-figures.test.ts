import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OwnerDashboard } from '#shared/contracts/owner.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { refreshOwnerRollups } from '../reporting/refresh-owner-rollups.ts'
import { getOwnerDashboard } from './owner.service.ts'
import { buildOwnerFixture, NOW } from './owner-figures.test-support.ts'

let test: TestApp
let dashboard: OwnerDashboard

beforeAll(async () => {
  test = await buildTestApp()
  const { users } = await buildOwnerFixture(test.db)
  await refreshOwnerRollups(test.db, NOW)
  const actor = {
    userId: users.u5.id,
    agencyId: users.u5.agencyId,
    role: 'platform_owner' as const,
    sessionId: 's',
  }
  dashboard = await getOwnerDashboard(
    test.db,
    { actor, ipAddress: null, userAgent: null, requestId: null },
    NOW,
  )
})
afterAll(() => test.close())

// Each expected figure is worked out from owner-figures.test-support.ts by hand ("now" 2026-03-15 12:00Z).
describe('the owner dashboard against a known platform', () => {
  it('counts users, and active users by a page view or a session in the calendar month', () => {
    // Uma (view 03-10), Victor (03-01), Yara (03-15) are active; Wen's session was in February.
    expect(dashboard.overview).toMatchObject({ totalUsers: 6, activeUsers: 3 })
  })

  it('computes MRR, total revenue, growth and churn', () => {
    // MRR: Alpha professional 49.99 + Beta enterprise yearly 649.99 / 12 = 54.1658 + Epsilon
    // starter past due 29.99 = 134.1458 → 134.15. Gamma cancelled, Delta free.
    expect(dashboard.overview.monthlyRevenue).toBe(134.15)
    // Paid invoices: 29.99 + 49.99 + 649.99 + 29.99; the failed and open ones are not revenue.
    expect(dashboard.overview.totalRevenue).toBe(759.96)
    // End of February: Alpha starter 29.99 + Beta 54.1658 + Gamma starter 29.99 = 114.1458;
    // (134.1458 − 114.1458) / 114.1458 = 17.52 %.
    expect(dashboard.overview.growthRate).toBe(17.5)
    // Paying on 1 March: Alpha, Beta, Gamma; Gamma's cancellation took effect on 5 March: 1 / 3.
    expect(dashboard.overview.churRate).toBe(33.3)
  })

  it('distributes agencies by plan with the MRR each plan brings', () => {
    expect(dashboard.subscriptions.planDistribution).toEqual({
      free: { count: 2, revenue: 0 },
      starter: { count: 1, revenue: 29.99 },
      professional: { count: 1, revenue: 49.99 },
      enterprise: { count: 1, revenue: 54.17 },
      executive: { count: 0, revenue: 0 },
    })
  })

  it('lists recent subscription events newest first, naming the agency when no user asked', () => {
    const events = dashboard.subscriptions.recentEvents
    expect(events.map((e) => [e.eventType, e.userName, e.toPlan, e.amount])).toEqual([
      ['upgraded', 'Uma Fixture', 'professional', 49.99],
      ['started', 'Zed Fixture', 'starter', 29.99],
      ['cancelled', 'Xavi Fixture', 'free', 29.99],
      ['started', 'Xavi Fixture', 'starter', 29.99],
      ['started', 'Uma Fixture', 'starter', 29.99],
      ['started', 'Beta', 'enterprise', 649.99],
    ])
    expect(events[0]!.timestamp).toBe('2026-03-03T00:00:00.000Z')
  })

  it('charts MRR at each month’s end for a year, the current month being MRR now', () => {
    const series = dashboard.subscriptions.mrrByMonth
    expect(series).toHaveLength(12)
    expect(series[0]).toEqual({ month: '2025-04', mrr: 0 })
    expect(series.slice(-4)).toEqual([
      { month: '2025-12', mrr: 54.17 },
      { month: '2026-01', mrr: 114.15 },
      { month: '2026-02', mrr: 114.15 },
      { month: '2026-03', mrr: 134.15 },
    ])
  })

  it('lists recent users and the top users by applications and by revenue', () => {
    expect(dashboard.users.recent.map((u) => u.name)).toEqual([
      'Zed Fixture',
      'Yara Fixture',
      'Victor Fixture',
      'Xavi Fixture',
      'Uma Fixture',
      'Wen Fixture',
    ])
    expect(dashboard.users.recent[0]).toMatchObject({
      subscriptionTier: 'starter',
      subscriptionStatus: 'past_due',
    })
    const brief = (u: OwnerDashboard['users']['topUsers'][number]) => [
      u.name,
      u.applicationsCount,
      u.totalRevenue,
      u.subscriptionTier,
    ]
    expect(dashboard.users.topUsers.map(brief)).toEqual([
      ['Uma Fixture', 3, 79.98, 'professional'],
      ['Wen Fixture', 2, 649.99, 'enterprise'],
      ['Victor Fixture', 1, 79.98, 'professional'],
    ])
    // Each paying agency credited to its first admin (no billing user recorded).
    expect(dashboard.users.topUsersByRevenue.map(brief)).toEqual([
      ['Wen Fixture', 2, 649.99, 'enterprise'],
      ['Uma Fixture', 3, 79.98, 'professional'],
      ['Xavi Fixture', 0, 29.99, 'free'],
    ])
  })

  it('sums usage, and rates carriers by delivered over settled submissions', () => {
    expect(dashboard.usage).toEqual({
      totalApplications: 7,
      totalCarrierSubmissions: 5,
      // 7 applications / 6 users.
      avgApplicationsPerUser: 1.17,
      popularCarriers: [
        // 2 reached the carrier, 1 failed, 1 still queued: 2 / 3.
        { name: 'North Fixture Mutual', submissions: 4, successRate: 66.7 },
        { name: 'South Fixture Casualty', submissions: 1, successRate: 0 },
      ],
    })
    expect(dashboard.countedAt).toBe(NOW.toISOString())
  })

  it('measures retention at day 1, 7 and 30', () => {
    // Day 1: cohort Uma, Victor, Wen, Xavi, Yara; active a day or more after signing up: Uma,
    // Wen, Yara → 3 / 5. Day 7: Uma, Victor, Wen, Xavi; Uma and Wen → 2 / 4. Day 30: Uma, Wen,
    // Xavi; Uma and Wen → 2 / 3.
    expect(dashboard.analytics.userRetention).toEqual({ day1: 60, day7: 50, day30: 66.7 })
  })

  it('measures conversion between tiers', () => {
    expect(dashboard.analytics.conversionRates).toEqual({
      // Trials ended: Delta (on Free) and Epsilon (on Starter).
      trialToFree: 50,
      // Ever on Free: all five; four later paid.
      freeToStarter: 80,
      // Ever on Starter: Alpha, Gamma, Epsilon; Alpha went to Professional.
      starterToProfessional: 33.3,
      // Ever on Professional: Alpha, not (yet) higher.
      professionalToEnterprise: 0,
    })
  })
})
