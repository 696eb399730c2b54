import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS_TEXTS } from '#shared/contracts/analytics.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { pageViews, userActivity } from './analytics.table.ts'

/** Ours, in the configuration: a person clicking fast makes a few dozen a minute. */
const PAGE_VIEWS_PER_MINUTE = 30
let test: TestApp
let user: SignedInUser

beforeAll(async () => {
  test = await buildTestApp({ env: { PAGE_VIEWS_PER_MINUTE: String(PAGE_VIEWS_PER_MINUTE) } })
  user = await signUp(test)
})
afterAll(() => test.close())

const record = (payload: unknown, cookie: string | null = user.cookie) =>
  test.request({
    method: 'POST',
    url: '/api/analytics/page-views',
    ...(cookie ? { cookie } : {}),
    payload: payload as object,
  })

describe('GET /api/analytics/measurement-id', () => {
  it('answers null without configuration, and without a session', async () => {
    const response = await test.request({ method: 'GET', url: '/api/analytics/measurement-id' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ measurementId: null })
  })

  it('answers the configured id, and the CSP then allows its tag', async () => {
    const configured = await buildTestApp({ env: { ANALYTICS_MEASUREMENT_ID: 'G-TEST12345' } })
    try {
      const response = await configured.request({ method: 'GET', url: '/api/analytics/measurement-id' })
      expect(response.json()).toEqual({ measurementId: 'G-TEST12345' })
      expect(response.headers['content-security-policy']).toContain(
        "script-src 'self' https://www.googletagmanager.com",
      )
    } finally {
      await configured.close()
    }
    const plain = await test.request({ method: 'GET', url: '/api/health' })
    expect(plain.headers['content-security-policy']).not.toContain('googletagmanager')
  })
})

describe('POST /api/analytics/page-views', () => {
  it('answers 401 signed out', async () => {
    expect((await record({ path: '/clients', device: 'desktop' }, null)).statusCode).toBe(401)
  })

  it('stores the path without its query string or an email, the device, agency and user; never the address', async () => {
    const response = await record({ path: '/clients/jo%40example.com?q=Smith&token=x#top', device: 'mobile' })
    expect(response.statusCode, response.body).toBe(201)
    const rows = await test.db.select().from(pageViews).where(eq(pageViews.userId, user.user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ path: '/clients/:email', device: 'mobile', agencyId: user.user.agencyId })
    expect(JSON.stringify(rows[0])).not.toMatch(/Smith|example\.com|127\.0\.0\.1/)
    const [activity] = await test.db.select().from(userActivity).where(eq(userActivity.userId, user.user.id))
    expect(activity!.lastActiveAt.getTime()).toBe(rows[0]!.viewedAt.getTime())
  })

  it('answers 400 with a clear message for a bad body, never 500', async () => {
    for (const [payload, path, message] of [
      [{ path: 'clients', device: 'desktop' }, 'path', ANALYTICS_TEXTS.path],
      [{ path: `/${'a'.repeat(600)}`, device: 'desktop' }, 'path', ANALYTICS_TEXTS.path],
      [{ path: '/', device: 'tablet' }, 'device', ANALYTICS_TEXTS.device],
      [{ path: '/', device: 'desktop', email: 'a@b.example' }, '', undefined],
    ] as const) {
      const response = await record(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      if (message) expect(response.json().errors).toContainEqual({ path, message })
    }
    expect(
      (
        await test.request({
          method: 'POST',
          url: '/api/analytics/page-views',
          cookie: user.cookie,
          payload: 'x',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400)
  })

  it('is rate limited per session', async () => {
    const other = await signUp(test)
    let last = 0
    for (let i = 0; i <= PAGE_VIEWS_PER_MINUTE; i += 1) {
      last = (await record({ path: '/', device: 'desktop' }, other.cookie)).statusCode
    }
    expect(last).toBe(429)
    // Another session keeps its own budget.
    expect((await record({ path: '/', device: 'desktop' })).statusCode).toBe(201)
  })
})
