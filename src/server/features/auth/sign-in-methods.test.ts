import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoData } from '#server/db/seed/index.ts'
import { clients } from '#server/features/clients/clients.table.ts'
import { buildTestApp, TEST_CIPHER, type TestApp } from '#test/build-test-app.ts'
import { sessionCookieOf, signIn, signUp } from '#test/factories.ts'
import { setUserRole } from './auth.service.ts'
import { users } from './auth.table.ts'
import type { GoogleClaims, GoogleSignIn } from './sign-in-with-google.ts'

const claims: GoogleClaims = {
  sub: 'google-sub-1',
  email: 'riley.chen@agency-test.example',
  emailVerified: true,
  name: 'Riley Chen',
  givenName: 'Riley',
  familyName: 'Chen',
  picture: 'https://images.example/riley.png',
}

/** Stands in for Google's servers: the route logic (state, PKCE cookie, sign-in) is real. */
const fakeGoogle: GoogleSignIn = {
  authorizationUrl: (state, verifier) =>
    new URL(`https://accounts.google.example/o/oauth2/v2/auth?state=${state}&challenge=${verifier.length}`),
  exchange: async (code) => {
    if (code !== 'good-code') throw new Error('invalid_grant')
    return claims
  },
}

describe('Google sign-in', () => {
  let test: TestApp
  beforeAll(async () => {
    test = await buildTestApp({ deps: { google: fakeGoogle } })
  })
  afterAll(() => test.close())

  async function start(path = '/api/auth/google') {
    const response = await test.request({ method: 'GET', url: path })
    expect(response.statusCode).toBe(302)
    const state = new URL(String(response.headers.location)).searchParams.get('state')!
    const cookie = response.cookies.find((c) => c.name === 'google_oauth')!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    return { state, cookie: `google_oauth=${cookie.value}` }
  }

  it('creates the account on first sign-in and returns to the success screen', async () => {
    const { state, cookie } = await start('/api/auth/social/google')
    const response = await test.request({
      method: 'GET',
      url: `/api/auth/google/callback?code=good-code&state=${state}`,
      cookie,
    })
    expect(response.statusCode).toBe(302)
    const location = new URL(String(response.headers.location), 'http://app.test')
    expect(location.pathname).toBe('/')
    expect(Object.fromEntries(location.searchParams)).toEqual({
      auth: 'success',
      provider: 'google',
      name: 'Riley Chen',
      email: claims.email,
      picture: claims.picture,
      verified: 'true',
    })
    const me = await test.request({ method: 'GET', url: '/api/auth/user', cookie: sessionCookieOf(response) })
    expect(me.json()).toMatchObject({
      firstName: 'Riley',
      lastName: 'Chen',
      email: claims.email,
      role: 'agency_admin',
    })
  })

  it('refuses a callback whose state does not match', async () => {
    const { cookie } = await start()
    const response = await test.request({
      method: 'GET',
      url: '/api/auth/google/callback?code=good-code&state=forged',
      cookie,
    })
    expect(response.headers.location).toBe('/login?error=google_failed')
    expect(response.cookies.some((c) => c.name === 'sid')).toBe(false)
  })

  it('refuses a code Google does not accept', async () => {
    const { state, cookie } = await start()
    const response = await test.request({
      method: 'GET',
      url: `/api/auth/google/callback?code=bad&state=${state}`,
      cookie,
    })
    expect(response.headers.location).toBe('/login?error=google_failed')
  })
})

describe('without Google configured', () => {
  let test: TestApp
  beforeAll(async () => {
    test = await buildTestApp()
  })
  afterAll(() => test.close())

  it('sends the browser back to the login page with a readable reason', async () => {
    for (const url of [
      '/api/auth/google',
      '/api/auth/social/google',
      '/api/auth/google/callback?code=x&state=y',
    ]) {
      const response = await test.request({ method: 'GET', url })
      expect(response.headers.location).toBe('/login?error=google_not_configured')
    }
  })
})

describe('demo account and roles', () => {
  let test: TestApp
  beforeAll(async () => {
    test = await buildTestApp()
    await seedDemoData(test.db, { cipher: TEST_CIPHER, storage: test.storage })
    await seedDemoData(test.db, { cipher: TEST_CIPHER, storage: test.storage })
  })
  afterAll(() => test.close())

  it('seeds the demo agency once and signs into it', async () => {
    const response = await test.request({ method: 'GET', url: '/api/auth/demo-login' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/')
    const me = await test.request({ method: 'GET', url: '/api/auth/user', cookie: sessionCookieOf(response) })
    expect(me.json()).toMatchObject({
      agencyName: 'Harbor Point Insurance Agency',
      firstName: 'Jordan',
      title: 'Insurance Agent',
    })
    const demoUsers = await test.db.select().from(users).where(eq(users.agencyId, me.json().agencyId))
    // The demo user and the two agents who joined through onboarding, each once after two seeds.
    expect(demoUsers.map((user) => user.firstName).sort()).toEqual(['Jordan', 'Luis', 'Maya'])
    // The twelve demo clients and the 90 households of the demo book, each once after two seeds.
    expect(await test.db.$count(clients, eq(clients.agencyId, me.json().agencyId))).toBe(102)
    const summary = await test.request({
      method: 'GET',
      url: '/api/applications/summary',
      cookie: sessionCookieOf(response),
    })
    // Six new-business applications, and two a renewal's remarketing made (one sent, one a draft).
    expect(summary.json()).toMatchObject({
      total: 8,
      approved: 2,
      rejected: 1,
      review: 1,
      pending: 3,
      draft: 1,
    })
    expect(me.json()).toMatchObject({ subscriptionTier: 'professional', applicationsUsedThisMonth: 8 })
  })

  it('promotes a user with the role command, ending their sessions, and refuses an unknown email', async () => {
    const { email, password, cookie } = await signUp(test)
    expect(await setUserRole(test.db, email.toUpperCase(), 'platform_owner')).toMatchObject({
      sessionsEnded: 1,
    })
    const stale = await test.request({ method: 'GET', url: '/api/auth/user', cookie })
    expect(stale.statusCode).toBe(401)
    const again = await signIn(test, { email, password })
    const me = await test.request({ method: 'GET', url: '/api/auth/user', cookie: again })
    expect(me.json().role).toBe('platform_owner')
    // The same role again changes nothing and signs nobody out.
    expect(await setUserRole(test.db, email, 'platform_owner')).toMatchObject({ sessionsEnded: 0 })
    const still = await test.request({ method: 'GET', url: '/api/auth/user', cookie: again })
    expect(still.statusCode).toBe(200)
    await expect(setUserRole(test.db, 'nobody@agency-test.example', 'agent')).rejects.toThrow(
      'No user has the email nobody@agency-test.example',
    )
  })
})

describe('behind HTTPS', () => {
  it('marks the session cookie Secure with the __Host- prefix', async () => {
    const test = await buildTestApp({ env: { PUBLIC_URL: 'https://app.test' } })
    try {
      const response = await test.request({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { origin: 'https://app.test' },
        payload: {
          firstName: 'Sam',
          lastName: 'Okafor',
          email: 'sam@agency-test.example',
          password: 'long enough pw',
        },
      })
      expect(response.statusCode).toBe(201)
      const cookie = response.cookies.find((c) => c.name === '__Host-sid')!
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' })
    } finally {
      await test.close()
    }
  })
})
