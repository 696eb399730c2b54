import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencies } from '#server/features/agencies/agencies.table.ts'
import { AUTH_MESSAGES } from '#shared/contracts/auth.contract.ts'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import { signIn, signUp } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import {
  codeAt,
  enrolTwoFactor,
  startTwoFactorTestApp,
  stopTwoFactorTestApp,
} from './two-factor.test-support.ts'

const BASE = '/api/settings/security'

let test: TestApp
beforeAll(async () => {
  test = await startTwoFactorTestApp()
})
afterAll(() => stopTwoFactorTestApp(test))

const actionsOf = (userId: string) => auditActionsOf(test, userId)

describe('guesses made in Settings', () => {
  it('count toward the sign-in lock: five wrong codes or passwords lock like at sign-in (429)', async () => {
    const owner = await signUp(test)
    const { secret } = await enrolTwoFactor(test, owner)
    const wrongCode = codeAt(secret, 4)
    const post = (url: string, payload: Record<string, string>) =>
      test.request({ method: 'POST', url: `${BASE}${url}`, cookie: owner.cookie, payload })
    const guesses = [
      () => post('/two-factor/recovery-codes', { code: wrongCode, currentPassword: owner.password }),
      () => post('/two-factor/recovery-codes', { code: codeAt(secret), currentPassword: 'not the password' }),
      () => post('/two-factor/disable', { password: 'not the password' }),
      () => post('/two-factor/disable', { password: 'not the password either' }),
    ]
    for (const guess of guesses) expect((await guess()).statusCode).toBe(400)
    const fifth = await post('/password', {
      currentPassword: 'not it either',
      newPassword: 'a new password!',
    })
    expect(fifth.statusCode).toBe(429)
    expect(fifth.json().message).toBe(AUTH_MESSAGES.tooManyAttempts.replace('{minutes}', '15'))
    // Locked everywhere: even the right proof in Settings, and sign-in with the right password.
    const right = await post('/two-factor/recovery-codes', {
      code: codeAt(secret),
      currentPassword: owner.password,
    })
    expect(right.statusCode).toBe(429)
    const signInNow = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    })
    expect(signInNow.statusCode).toBe(429)
    expect(await actionsOf(owner.user.id)).toContain('auth.login_locked')
  })
})

describe('the public demo account', () => {
  it('refuses changes to its sign-in settings (403) but still lists and ends sessions', async () => {
    const demo = await signUp(test)
    const start = await test.request({
      method: 'POST',
      url: `${BASE}/two-factor/enrolment`,
      cookie: demo.cookie,
      payload: { currentPassword: demo.password },
    })
    await test.db.update(agencies).set({ isDemo: true }).where(eq(agencies.id, demo.user.agencyId))
    const calls = [
      { method: 'POST', url: `${BASE}/two-factor/enrolment`, payload: {} },
      {
        method: 'POST',
        url: `${BASE}/two-factor`,
        payload: { enrolmentToken: start.json().enrolmentToken, code: codeAt(start.json().secret) },
      },
      { method: 'PUT', url: `${BASE}/agency-two-factor`, payload: { required: true } },
      {
        method: 'POST',
        url: `${BASE}/password`,
        payload: { currentPassword: demo.password, newPassword: 'x'.repeat(12) },
      },
    ] as const
    for (const call of calls) {
      const response = await test.request({ ...call, cookie: demo.cookie })
      expect(response.statusCode, call.url).toBe(403)
      expect(response.json().message).toBe(SECURITY_MESSAGES.demoAccountLocked)
    }
    const status = await test.request({ method: 'GET', url: BASE, cookie: demo.cookie })
    expect(status.json()).toMatchObject({ demoAccount: true, twoFactorEnabled: false })
    const [row] = await test.db.select().from(agencies).where(eq(agencies.id, demo.user.agencyId))
    expect(row!.requireTwoFactor).toBe(false)
    await signIn(test, demo)
    const listed = await test.request({ method: 'GET', url: `${BASE}/sessions`, cookie: demo.cookie })
    expect(listed.json().sessions).toHaveLength(2)
    const others = await test.request({
      method: 'POST',
      url: `${BASE}/sessions/end-others`,
      cookie: demo.cookie,
      payload: {},
    })
    expect(others.json()).toEqual({ ended: 1 })
  })
})
