import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencies } from '#server/features/agencies/agencies.table.ts'
import { auditEvents } from '#server/platform/audit.table.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import { AUTH_MESSAGES } from '#shared/contracts/auth.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { sessionCookieOf, signUp, uniqueEmail } from '#test/factories.ts'
import { sessions, users } from './auth.table.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

describe('POST /api/auth/signup', () => {
  it('creates an agency and its admin, signs in, welcomes and audits', async () => {
    const email = uniqueEmail()
    const response = await test.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Dana',
        lastName: 'Whitfield',
        email,
        password: 'a long password',
        selectedPlan: 'free',
      },
    })
    expect(response.statusCode).toBe(201)
    const { user } = response.json()
    expect(user).toMatchObject({
      firstName: 'Dana',
      lastName: 'Whitfield',
      email,
      role: 'agency_admin',
      title: 'Insurance Agent',
    })
    expect(user).toMatchObject({
      subscriptionTier: 'free',
      monthlyApplicationLimit: 5,
      applicationsUsedThisMonth: 0,
    })
    expect(user.tenantId).toBe(user.agencyId)

    const cookie = response.cookies.find((c) => c.name === 'sid')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie.secure).toBeFalsy()

    const [row] = await test.db.select().from(users).where(eq(users.email, email))
    expect(row!.passwordHash).toMatch(/^scrypt\$/)
    expect(row!.passwordHash).not.toContain('a long password')
    const events = await test.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, row!.id))
    expect(events.map((e) => e.action)).toContain('auth.signup')
    const mail = await test.db.select().from(jobs).where(eq(jobs.agencyId, row!.agencyId))
    expect(mail.map((j) => j.type)).toEqual(['mail.send'])

    const notifications = await test.request({
      method: 'GET',
      url: '/api/notifications',
      cookie: `sid=${cookie.value}`,
    })
    expect(notifications.json().notifications).toHaveLength(1)
    expect(notifications.json().notifications[0]).toMatchObject({
      title: 'Welcome to your agency back office',
      isRead: false,
    })
  })

  it('answers the spec messages for each bad field and writes nothing', async () => {
    const before = await test.db.$count(agencies)
    const response = await test.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'D',
        lastName: 'W',
        email: 'not-an-email',
        password: 'short',
        selectedPlan: 'free',
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { path: 'firstName', message: AUTH_MESSAGES.firstNameMin },
      { path: 'lastName', message: AUTH_MESSAGES.lastNameMin },
      { path: 'email', message: AUTH_MESSAGES.emailInvalid },
      { path: 'password', message: AUTH_MESSAGES.passwordMin },
    ])
    expect(await test.db.$count(agencies)).toBe(before)
  })

  it('refuses an email that already has an account, on the email field', async () => {
    const existing = await signUp(test)
    const before = await test.db.$count(agencies)
    const response = await test.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Other',
        lastName: 'Person',
        email: existing.email.toUpperCase(),
        password: 'another password',
      },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: AUTH_MESSAGES.emailTaken,
      errors: [{ path: 'email', message: AUTH_MESSAGES.emailTaken }],
    })
    expect(await test.db.$count(agencies)).toBe(before)
  })
})

describe('POST /api/auth/login', () => {
  it('signs in with the right password and starts a new session each time', async () => {
    const { email, password, cookie: first } = await signUp(test)
    const response = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      cookie: first,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().user.email).toBe(email)
    const second = sessionCookieOf(response)
    expect(second).not.toBe(first)
    expect((await test.request({ method: 'GET', url: '/api/auth/user', cookie: first })).statusCode).toBe(401)
    expect((await test.request({ method: 'GET', url: '/api/auth/user', cookie: second })).statusCode).toBe(
      200,
    )
  })

  it('answers unknown email and wrong password alike, and audits both', async () => {
    const { email } = await signUp(test)
    const wrong = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong password' },
    })
    const unknown = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('nobody'), password: 'wrong password' },
    })
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials })
    }
    const failures = await test.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.login_failed'))
    expect(failures.map((e) => (e.details as { email: string }).email)).toContain(email)
  })

  it('locks an email for the window after five failures, even with the right password', async () => {
    const { email, password } = await signUp(test)
    for (let i = 0; i < 5; i++) {
      const response = await test.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'nope nope' },
      })
      expect(response.statusCode).toBe(401)
    }
    const locked = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    })
    expect(locked.statusCode).toBe(429)
    expect(locked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts.replace('{minutes}', '15'))
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800)
  })

  it('gives the spec messages for missing fields', async () => {
    const response = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '', password: '' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { path: 'email', message: AUTH_MESSAGES.emailInvalid },
      { path: 'password', message: AUTH_MESSAGES.passwordRequired },
    ])
  })
})

describe('sessions', () => {
  it('keeps only a hash of the token in the database', async () => {
    const { cookie } = await signUp(test)
    const token = cookie.split('=')[1]!
    const rows = await test.db.select({ id: sessions.id }).from(sessions)
    expect(rows.some((r) => r.id === token)).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true)
  })

  it('answers 401 Unauthorized once the session is idle too long', async () => {
    const { cookie, user } = await signUp(test)
    await test.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.userId, user.id))
    const response = await test.request({ method: 'GET', url: '/api/auth/user', cookie })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ message: 'Unauthorized' })
    expect(await test.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0)
  })

  it('answers 401 past the absolute lifetime even when active', async () => {
    const { cookie, user } = await signUp(test)
    await test.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id))
    expect((await test.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(401)
  })

  it('ends the session on /api/logout and audits it', async () => {
    const { cookie, user } = await signUp(test)
    const response = await test.request({ method: 'GET', url: '/api/logout', cookie })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/login')
    expect((await test.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(401)
    const events = await test.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, user.id))
    expect(events.map((e) => e.action)).toContain('auth.logout')
  })

  it('sends /api/login to the login page', async () => {
    const response = await test.request({ method: 'GET', url: '/api/login' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/login')
  })
})

describe('GET /api/auth/demo-login', () => {
  it('says the demo is unavailable when the server has no demo data', async () => {
    const response = await test.request({ method: 'GET', url: '/api/auth/demo-login' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/login?error=demo_unavailable')
  })
})
