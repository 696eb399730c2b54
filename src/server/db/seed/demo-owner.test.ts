import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endDuePeriods } from '#server/features/billing/period-end.job.ts'
import { getOwnerDashboard } from '#server/features/owner/owner.service.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { seedDemoOwnerFigures } from './demo-owner.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

describe('the owner dashboard demo', () => {
  it('gives a demo install non-zero figures once, and a second seed adds nothing', async () => {
    await seedDemoOwnerFigures(test.db)
    await seedDemoOwnerFigures(test.db)
    const owner = await signUp(test)
    const actor = { ...owner.user, userId: owner.user.id, role: 'platform_owner' as const, sessionId: 's' }
    const board = await getOwnerDashboard(test.db, {
      actor,
      ipAddress: null,
      userAgent: null,
      requestId: null,
    })
    expect(board.overview.totalUsers).toBe(7)
    expect(board.overview.monthlyRevenue).toBeGreaterThan(0)
    expect(board.overview.totalRevenue).toBeGreaterThan(0)
    expect(board.subscriptions.recentEvents.length).toBeGreaterThanOrEqual(4)
    expect(board.subscriptions.mrrByMonth.filter((month) => month.mrr > 0).length).toBeGreaterThan(2)
    expect(board.analytics.userRetention.day1).toBeGreaterThan(0)
    expect(board.analytics.userRetention.day30).toBeGreaterThan(0)
    expect(board.analytics.conversionRates.freeToStarter).toBeGreaterThan(0)
  })

  it('pays every month up to now, so the period-end job has nothing to catch up after the seed', async () => {
    // Before, the agencies that joined months ago sat in a period long ended: a minute after a
    // demo install started, the job renewed them and the owner's total revenue jumped.
    await seedDemoOwnerFigures(test.db)
    expect(await endDuePeriods(test.db, { renew: true })).toBe(0)
  })
})
