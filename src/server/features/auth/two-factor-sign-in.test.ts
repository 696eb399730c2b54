import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencies } from '#server/features/agencies/agencies.table.ts'
import { auditEvents } from '#server/platform/audit.table.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import { AUTH_MESSAGES } from '#shared/contracts/auth.contract.ts'
import { TWO_FACTOR_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import { sessionCookieOf, signUp } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { recoveryCodes, signInChallenges, users } from './auth.table.ts'
import type { GoogleClaims, GoogleSignIn } from './sign-in-with-google.ts'
import {
  codeAt,
  cookieOf,
  enrolTwoFactor,
  passwordStep,
  startTwoFactorTestApp,
  stopTwoFactorTestApp,
} from './two-factor.test-support.ts'

const googleClaims: GoogleClaims = {
  sub: 'google-sub-2fa',
  email: 'two.factor@agency-test.example',
  emailVerified: true,
  name: 'Toni Factor',
  givenName: 'Toni',
  familyName: 'Factor',
  picture: '',
}
const fakeGoogle: GoogleSignIn = {
  authorizationUrl: (state) => new URL(`https://accounts.google.example/auth?state=${state}`),
  exchange: async () => googleClaims,
}

let test: TestApp
beforeAll(async () => {
  test = await startTwoFactorTestApp({ google: fakeGoogle })
})
afterAll(() => stopTwoFactorTestApp(test))

function secondStep(challenge: string | undefined, payload: Record<string, string>) {
  return test.request({ method: 'POST', url: '/api/auth/login/two-factor', payload, cookie: challenge })
}

const actionsOf = (userId: string) => auditActionsOf(test, userId)

describe('POST /api/auth/login with two-factor on', () => {
  it('asks for the code instead of signing in, and the code gives the session', async () => {
    const owner = await signUp(test)
    const { secret } = await enrolTwoFactor(test, owner)
    const [row] = await test.db.select().from(users).where(eq(users.id, owner.user.id))
    expect(row!.totpSecret).toMatch(/^v1:/)
    expect(row!.totpSecret).not.toContain(secret)

    const { response, challenge } = await passwordStep(test, owner)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ twoFactorRequired: true })
    expect(challenge).toBeDefined()
    expect(response.cookies.find((c) => c.name === 'sic')).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    // The challenge cookie is not a session.
    const early = await test.request({ method: 'GET', url: '/api/auth/user', cookie: challenge })
    expect(early.statusCode).toBe(401)

    const done = await secondStep(challenge, { code: codeAt(secret) })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().user.email).toBe(owner.email)
    const me = await test.request({ method: 'GET', url: '/api/auth/user', cookie: sessionCookieOf(done) })
    expect(me.statusCode).toBe(200)

    // The challenge was consumed: using it again is 401, even with a fresh code.
    const again = await secondStep(challenge, { code: codeAt(secret, 1) })
    expect(again.statusCode).toBe(401)
    expect(again.json()).toEqual({ message: TWO_FACTOR_MESSAGES.challengeExpired })
    expect(await actionsOf(owner.user.id)).toEqual(
      expect.arrayContaining(['auth.two_factor_enabled', 'auth.password_accepted', 'auth.login']),
    )
  })

  it('accepts the next step (clock drift) and refuses a code whose step is not after the last used', async () => {
    const owner = await signUp(test)
    const { secret } = await enrolTwoFactor(test, owner) // used the step before now
    let { challenge } = await passwordStep(test, owner)
    for (const replay of [codeAt(secret, -1), codeAt(secret, -1)]) {
      const refused = await secondStep(challenge, { code: replay })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors).toEqual([{ path: 'code', message: TWO_FACTOR_MESSAGES.codeUsed }])
    }
    const drift = await secondStep(challenge, { code: codeAt(secret, 1) })
    expect(drift.statusCode, drift.body).toBe(200)

    // Step +1 is now the last used: the current step's code is older, so it is a replay too.
    ;({ challenge } = await passwordStep(test, owner))
    const older = await secondStep(challenge, { code: codeAt(secret) })
    expect(older.json().errors).toEqual([{ path: 'code', message: TWO_FACTOR_MESSAGES.codeUsed }])
    const tooFar = await secondStep(challenge, { code: codeAt(secret, 3) })
    expect(tooFar.json().errors).toEqual([{ path: 'code', message: TWO_FACTOR_MESSAGES.codeWrong }])
    const events = await test.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorUserId, owner.user.id), eq(auditEvents.action, 'auth.two_factor_failed')),
      )
    expect(events.map((e) => (e.details as { reason: string }).reason)).toEqual([
      'replayed_code',
      'replayed_code',
      'replayed_code',
      'wrong_code',
    ])
  })

  it('locks the email after five failures, counting wrong codes with wrong passwords', async () => {
    const owner = await signUp(test)
    const { secret } = await enrolTwoFactor(test, owner)
    const wrongPassword = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: 'not the password' },
    })
    expect(wrongPassword.statusCode).toBe(401)
    const { challenge } = await passwordStep(test, owner)
    for (let i = 0; i < 3; i++) {
      const wrong = await secondStep(challenge, { code: '000000' === codeAt(secret) ? '111111' : '000000' })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json().errors).toEqual([{ path: 'code', message: TWO_FACTOR_MESSAGES.codeWrong }])
    }
    const fifth = await secondStep(challenge, { code: '123456' === codeAt(secret) ? '654321' : '123456' })
    expect(fifth.statusCode).toBe(429)
    expect(fifth.cookies.find((c) => c.name === 'sic')?.value).toBe('')
    expect(fifth.json().message).toBe(AUTH_MESSAGES.tooManyAttempts.replace('{minutes}', '15'))
    // Locked: the right code no longer helps (the challenge is gone), nor does the right password.
    expect((await secondStep(challenge, { code: codeAt(secret) })).statusCode).toBe(401)
    const locked = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    })
    expect(locked.statusCode).toBe(429)
    expect(await actionsOf(owner.user.id)).toContain('auth.login_locked')
  })

  it('takes each recovery code once', async () => {
    const owner = await signUp(test)
    const { recoveryCodes: codes } = await enrolTwoFactor(test, owner)
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    const stored = await test.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.user.id))
    expect(stored).toHaveLength(10)
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash))).toBe(true)
    expect(stored.some((row) => codes.includes(row.codeHash))).toBe(false)

    let { challenge } = await passwordStep(test, owner)
    const used = await secondStep(challenge, { recoveryCode: codes[0]!.toUpperCase() })
    expect(used.statusCode, used.body).toBe(200)
    ;({ challenge } = await passwordStep(test, owner))
    const twice = await secondStep(challenge, { recoveryCode: codes[0]! })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().errors).toEqual([
      { path: 'recoveryCode', message: TWO_FACTOR_MESSAGES.recoveryCodeWrong },
    ])
    const other = await secondStep(challenge, { recoveryCode: codes[1]! })
    expect(other.statusCode).toBe(200)
    expect(await actionsOf(owner.user.id)).toContain('auth.recovery_code_used')
    const mails = await test.db.select().from(jobs).where(eq(jobs.type, 'mail.send'))
    const subjects = mails
      .map((row) => row.payload as { to: string; subject: string })
      .filter((mail) => mail.to === owner.email)
      .map((mail) => mail.subject)
    expect(subjects.filter((subject) => subject === 'A recovery code was used to sign in')).toHaveLength(2)
  })

  it('answers 401 to the second step without a challenge cookie, with a forged or an expired one', async () => {
    const owner = await signUp(test)
    const { secret } = await enrolTwoFactor(test, owner)
    expect((await secondStep(undefined, { code: codeAt(secret) })).statusCode).toBe(401)
    expect((await secondStep('sic=forged', { code: codeAt(secret) })).statusCode).toBe(401)
    // A session cookie is not a challenge either.
    expect((await secondStep(owner.cookie, { code: codeAt(secret) })).statusCode).toBe(401)
    const { challenge } = await passwordStep(test, owner)
    await test.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.userId, owner.user.id))
    const expired = await secondStep(challenge, { code: codeAt(secret) })
    expect(expired.statusCode).toBe(401)
    // The dead challenge's cookie is cleared with the 401.
    expect(expired.cookies.find((c) => c.name === 'sic')?.value).toBe('')
    const enrol = await test.request({ method: 'GET', url: '/api/auth/login/two-factor/enrolment' })
    expect(enrol.statusCode).toBe(401)
    const badBody = await secondStep(challenge, { code: '12ab' })
    expect(badBody.statusCode).toBe(400)
  })

  it('sends a Google sign-in to the login page to ask for the code', async () => {
    const owner = await signUp(test, { email: googleClaims.email })
    const { secret } = await enrolTwoFactor(test, owner)
    const start = await test.request({ method: 'GET', url: '/api/auth/google' })
    const state = new URL(String(start.headers.location)).searchParams.get('state')
    const oauth = start.cookies.find((c) => c.name === 'google_oauth')!
    const callback = await test.request({
      method: 'GET',
      url: `/api/auth/google/callback?code=ok&state=${state}`,
      cookie: `google_oauth=${oauth.value}`,
    })
    expect(callback.headers.location).toBe('/login?twoFactor=verify')
    expect(cookieOf(callback, 'sid')).toBeUndefined()
    const done = await secondStep(cookieOf(callback, 'sic'), { code: codeAt(secret) })
    expect(done.statusCode, done.body).toBe(200)
  })
})

describe('GET /api/auth/demo-login with two-factor on', () => {
  it('sends the browser to the code step instead of signing in', async () => {
    const demo = await signUp(test)
    // Turned on before it became the demo (Settings refuses it for the demo agency).
    const { secret } = await enrolTwoFactor(test, demo)
    await test.db.update(agencies).set({ isDemo: true }).where(eq(agencies.id, demo.user.agencyId))
    const response = await test.request({ method: 'GET', url: '/api/auth/demo-login' })
    expect(response.headers.location).toBe('/login?twoFactor=verify')
    expect(cookieOf(response, 'sid')).toBeUndefined()
    const done = await secondStep(cookieOf(response, 'sic'), { code: codeAt(secret) })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().user.id).toBe(demo.user.id)
  })
})

describe('DELETE /api/auth/login/two-factor ("Start over")', () => {
  it('ends the pending sign-in and clears its cookie, with or without one', async () => {
    const owner = await signUp(test)
    const { secret } = await enrolTwoFactor(test, owner)
    const { challenge } = await passwordStep(test, owner)
    const cancel = await test.request({
      method: 'DELETE',
      url: '/api/auth/login/two-factor',
      cookie: challenge,
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(cancel.cookies.find((c) => c.name === 'sic')?.value).toBe('')
    expect(await test.db.$count(signInChallenges, eq(signInChallenges.userId, owner.user.id))).toBe(0)
    expect((await secondStep(challenge, { code: codeAt(secret) })).statusCode).toBe(401)
    expect(await actionsOf(owner.user.id)).toContain('auth.sign_in_cancelled')
    const none = await test.request({ method: 'DELETE', url: '/api/auth/login/two-factor' })
    expect(none.statusCode).toBe(200)
  })
})
