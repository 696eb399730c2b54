import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { OwnerDashboardSchema } from '#shared/contracts/owner.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signIn, signUp } from '#test/factories.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { setUserRole } from '../auth/auth.service.ts'

let test: TestApp
let owner: string
let platformAdmin: string
let agencyAdmin: SignedInUser
let agent: SignedInUser
let executiveAdmin: SignedInUser

beforeAll(async () => {
  test = await buildTestApp()
  const ownerUser = await signUp(test, { firstName: 'Olive', lastName: 'Owner' })
  await setUserRole(test.db, ownerUser.email, 'platform_owner')
  owner = await signIn(test, ownerUser)
  const adminUser = await signUp(test)
  await setUserRole(test.db, adminUser.email, 'platform_admin')
  platformAdmin = await signIn(test, adminUser)
  agencyAdmin = await signUp(test)
  agent = await addAgent(test, agencyAdmin.user.agencyId)
  executiveAdmin = await signUp(test)
  await test.db
    .update(agencies)
    .set({ planCode: 'executive', billingPeriod: 'monthly' })
    .where(eq(agencies.id, executiveAdmin.user.agencyId))
})
afterAll(() => test.close())

const dashboard = (cookie?: string) => test.request({ method: 'GET', url: '/api/owner/dashboard', cookie })

describe('GET /api/owner/dashboard', () => {
  it('answers 401 signed out', async () => {
    expect((await dashboard()).statusCode).toBe(401)
  })

  it('refuses everyone but the platform owner with 403: agency admin, agent, executive-plan admin, platform admin', async () => {
    for (const cookie of [agencyAdmin.cookie, agent.cookie, executiveAdmin.cookie, platformAdmin]) {
      const response = await dashboard(cookie)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: expect.any(String) })
    }
  })

  it('answers the platform owner the spec’s five parts, counting every agency, and audits the read', async () => {
    const response = await dashboard(owner)
    expect(response.statusCode, response.body).toBe(200)
    const body = OwnerDashboardSchema.parse(response.json())
    // Five agencies signed up here; the agent joined one of them.
    expect(body.overview.totalUsers).toBe(5)
    // Each signed in just now: a session this month.
    expect(body.overview.activeUsers).toBe(5)
    expect(body.subscriptions.planDistribution.executive.count).toBe(1)
    expect(body.users.recent).toHaveLength(5)
    const audit = await test.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'owner.dashboard_viewed'))
    expect(audit).toHaveLength(1)
  })
})
