import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { auditEvents } from './audit.table.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

/** Fills `:id`-style params with a well-formed id so the guard, not validation, answers. */
const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000')

describe('access', () => {
  it('answers 401 Unauthorized on every non-public API route without a session', async () => {
    const guarded = test.app.apiRoutes.filter((route) => !route.public)
    expect(guarded.length).toBeGreaterThan(5)
    for (const route of guarded) {
      const response = await test.request({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      })
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401)
      expect(response.json()).toEqual({ message: 'Unauthorized' })
    }
  })

  it('keeps public only the routes that must be reachable signed out', () => {
    const publicRoutes = test.app.apiRoutes.filter((route) => route.public).map((r) => `${r.method} ${r.url}`)
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/auth/demo-login',
        'GET /api/auth/google',
        'GET /api/auth/google/callback',
        'GET /api/auth/social/google',
        'GET /api/health',
        'GET /api/login',
        'GET /api/logout',
        'GET /api/subscription/plans',
        'POST /api/auth/login',
        'POST /api/auth/signup',
        // The second step of sign-in: proved by the challenge cookie the password step set.
        'POST /api/auth/login/two-factor',
        'DELETE /api/auth/login/two-factor',
        'GET /api/auth/login/two-factor/enrolment',
        'POST /api/auth/login/two-factor/enrolment',
        // Anyone may write to support (a user who cannot sign in, too); each sender is limited.
        'POST /api/contact',
        'GET /api/contact/info',
        // Proved by the carrier's signature over the body instead of a session.
        'POST /api/carrier-webhooks/:carrierId',
        // E-signing: a signer's one-time link (the token in the body proves who), the public
        // verify page (answers validity, signer name and time only), Dropbox Sign's callbacks.
        'POST /api/esigning/links/open',
        'POST /api/esigning/links/consent',
        'POST /api/esigning/links/sign',
        'POST /api/esigning/links/document',
        'POST /api/esigning/public/verify',
        'GET /api/esigning/public/verify/:signatureId',
        'POST /api/esigning/providers/hellosign/callback',
        // Proved by the one-time token of an onboarding invitation (the joining agent has no account yet).
        'POST /api/agency-onboarding/invitations/preview',
        'POST /api/agency-onboarding/invitations/accept',
        // A user's renewals calendar, fetched by Google Calendar or Outlook: the secret token proves whose.
        'GET /api/renewals/calendar.ics',
        // Spec part 3 §7: the analytics tag's id (configuration, no data) is read before sign-in.
        'GET /api/analytics/measurement-id',
      ].sort(),
    )
  })
})

describe('request hardening', () => {
  it('refuses a mutation from a foreign origin, or with no origin at all', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: '' },
      { referer: 'https://evil.example/page' },
    ]) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: 'app.test', ...headers },
        payload: { email: 'a@b.co', password: 'x' },
      })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: GENERIC_MESSAGES.crossSite })
    }
  })

  it('answers 400 for broken JSON, 413 for a body over the limit, 415 for another type', async () => {
    const broken = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toEqual({ message: GENERIC_MESSAGES.invalidJson })

    const huge = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) },
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ message: GENERIC_MESSAGES.tooLarge })

    const text = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    })
    expect(text.statusCode).toBe(415)
  })

  it('answers 404 as JSON for an unknown API path', async () => {
    const response = await test.request({ method: 'GET', url: '/api/no-such-thing' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Not found' })
  })

  it('sends no-store, a request id and a real Content-Security-Policy', async () => {
    const response = await test.request({ method: 'GET', url: '/api/health' })
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('serves the OpenAPI document of the routes', async () => {
    const response = await test.request({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    expect(Object.keys(response.json().paths)).toContain('/api/auth/signup')
  })
})

describe('failures and roles', () => {
  let owner: TestApp
  const logLines: string[] = []
  beforeAll(async () => {
    owner = await buildTestApp({
      logStream: { write: (line: string) => logLines.push(line) },
      routes(app) {
        app.get('/api/test/explode', async () => {
          throw new Error('secret internal detail at /srv/app.ts:12')
        })
        // Values only the database refuses (SQLSTATE class 22), as a contract with a gap would pass.
        app.get<{ Querystring: { sql: string } }>('/api/test/bad-value', async (request) => {
          const statements: Record<string, ReturnType<typeof sql>> = {
            text: sql`select ${'abc'}::int`,
            range: sql`select ${'99999999999'}::int4`,
            date: sql`select ${'2024-02-30'}::date`,
            nul: sql`select ${'a\u0000b'}::text`,
          }
          await owner.db.execute(statements[request.query.sql] ?? sql`select 1`)
          return { ok: true }
        })
        app.get('/api/test/owner-only', { config: { roles: ['platform_owner'] } }, async () => ({ ok: true }))
      },
    })
  })
  afterAll(() => owner.close())

  it('answers a generic 500 without details or stack', async () => {
    const { cookie } = await signUp(owner)
    const response = await owner.request({ method: 'GET', url: '/api/test/explode', cookie })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ message: GENERIC_MESSAGES.internal })
    expect(response.body).not.toContain('secret internal detail')
  })

  it('answers 400 for a value the database refuses, logged as a warning', async () => {
    const { cookie } = await signUp(owner)
    for (const kind of ['text', 'range', 'date', 'nul']) {
      const response = await owner.request({ method: 'GET', url: `/api/test/bad-value?sql=${kind}`, cookie })
      expect(response.statusCode, kind).toBe(400)
      expect(response.json()).toEqual({ message: GENERIC_MESSAGES.unstorableValue })
    }
    const logged = logLines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'value refused by the database')
    expect(logged.map((entry) => [entry.level, entry.code])).toEqual([
      [40, '22P02'],
      [40, '22003'],
      [40, '22008'],
      [40, expect.stringMatching(/^22/)],
    ])
  })

  it('refuses a role it does not allow with 403 and records the refusal', async () => {
    const { cookie, user } = await signUp(owner)
    const response = await owner.request({ method: 'GET', url: '/api/test/owner-only', cookie })
    expect(response.statusCode).toBe(403)
    const [event] = await owner.db.select().from(auditEvents).where(eq(auditEvents.action, 'authz.denied'))
    expect(event).toMatchObject({ actorUserId: user.id, agencyId: user.agencyId })
  })
})

describe('throttling', () => {
  it('answers 429 once an address passes its sign-in budget, whatever the emails', async () => {
    const throttled = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } })
    try {
      const attempt = (n: number) =>
        throttled.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `n${n}@agency-test.example`, password: 'x' },
        })
      for (let n = 0; n < 3; n++) expect((await attempt(n)).statusCode).toBe(401)
      const refused = await attempt(3)
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toEqual({ message: GENERIC_MESSAGES.throttled })
    } finally {
      await throttled.close()
    }
  })
})
