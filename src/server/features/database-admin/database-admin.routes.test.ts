import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import {
  DATABASE_TEXTS,
  DatabasePerformanceSchema,
  DatabaseStatusSchema,
} from '#shared/contracts/database-admin.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signIn, signUp } from '#test/factories.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { setUserRole } from '../auth/auth.service.ts'

let test: TestApp
let platformAdmin: string
let owner: string
let agencyAdmin: SignedInUser
let agent: SignedInUser
let executiveAdmin: SignedInUser

beforeAll(async () => {
  test = await buildTestApp()
  const adminUser = await signUp(test)
  await setUserRole(test.db, adminUser.email, 'platform_admin')
  platformAdmin = await signIn(test, adminUser)
  const ownerUser = await signUp(test)
  await setUserRole(test.db, ownerUser.email, 'platform_owner')
  owner = await signIn(test, ownerUser)
  agencyAdmin = await signUp(test)
  agent = await addAgent(test, agencyAdmin.user.agencyId)
  executiveAdmin = await signUp(test)
  await test.db
    .update(agencies)
    .set({ planCode: 'executive' })
    .where(eq(agencies.id, executiveAdmin.user.agencyId))
})
afterAll(() => test.close())

const CALLS = [
  ['GET', '/api/admin/database/status'],
  ['GET', '/api/admin/database/performance'],
  ['POST', '/api/admin/database/optimize'],
] as const

describe('the database administration calls', () => {
  it('answer 401 signed out and 403 to agency admins, agents and an executive-plan admin', async () => {
    for (const [method, url] of CALLS) {
      expect((await test.request({ method, url })).statusCode).toBe(401)
      for (const cookie of [agencyAdmin.cookie, agent.cookie, executiveAdmin.cookie]) {
        expect((await test.request({ method, url, cookie })).statusCode, `${method} ${url}`).toBe(403)
      }
    }
  })

  it('GET status: every table with its size in base 1024, and the connections', async () => {
    for (const cookie of [platformAdmin, owner]) {
      const response = await test.request({ method: 'GET', url: '/api/admin/database/status', cookie })
      expect(response.statusCode, response.body).toBe(200)
      const status = DatabaseStatusSchema.parse(response.json())
      const users = status.tables.find((table) => table.tablename === 'users')!
      expect(users.size_bytes).toBeGreaterThan(0)
      expect(users.size).toMatch(/^\d+(\.\d{2})? (Bytes|KB|MB|GB)$/)
      expect(status.connections.totalConnections).toBeGreaterThanOrEqual(1)
      if (status.engine === 'pglite') expect(status.limitations).toContain(DATABASE_TEXTS.embedded)
    }
  })

  it('GET performance: connection info and, on PGlite, what it cannot report', async () => {
    const response = await test.request({
      method: 'GET',
      url: '/api/admin/database/performance',
      cookie: platformAdmin,
    })
    expect(response.statusCode, response.body).toBe(200)
    const performance = DatabasePerformanceSchema.parse(response.json())
    expect(performance.missingIndexes).toEqual([])
    if (performance.engine === 'postgres') {
      expect(performance.connectionInfo.oldest_connection).not.toBeNull()
      if (!performance.slowQueries.available)
        expect(performance.slowQueries.hint).toBe(DATABASE_TEXTS.slowQueriesOff)
    } else {
      expect(performance.slowQueries).toMatchObject({ available: false, queries: [] })
      expect(performance.limitations.length).toBeGreaterThan(1)
    }
  })

  it('POST optimize: runs ANALYZE, creates a schema index that went missing, and is audited', async () => {
    await test.db.execute(sql`drop index page_views_user_idx`)
    const before = await test.request({
      method: 'GET',
      url: '/api/admin/database/performance',
      cookie: platformAdmin,
    })
    expect(before.json().missingIndexes).toEqual([{ table: 'page_views', index: 'page_views_user_idx' }])
    const response = await test.request({
      method: 'POST',
      url: '/api/admin/database/optimize',
      cookie: platformAdmin,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      success: true,
      message: DATABASE_TEXTS.optimized,
      analyzed: true,
      createdIndexes: ['page_views_user_idx'],
    })
    const indexes = await test.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'page_views_user_idx'`,
    )
    expect((indexes as unknown as { rows: { indexdef: string }[] }).rows[0]!.indexdef).toContain(
      '(agency_id, user_id, viewed_at)',
    )
    const audit = await test.db.select().from(auditEvents).where(eq(auditEvents.action, 'database.optimized'))
    expect(audit).toHaveLength(1)
    expect(audit[0]!.details).toEqual({ analyzed: true, createdIndexes: ['page_views_user_idx'] })
  })
})
