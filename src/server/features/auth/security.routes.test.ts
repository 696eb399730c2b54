import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { verifyPassword } from '#server/platform/passwords.ts'
import { AUTH_MESSAGES } from '#shared/contracts/auth.contract.ts'
import { SECURITY_MESSAGES, TWO_FACTOR_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import { signIn, signUp } from '#test/factories.ts'
import { auditActionsOf, queuedMailTo } from '#test/recorded.ts'
import { users } from './auth.table.ts'
import {
  codeAt,
  enrolTwoFactor,
  passwordStep,
  startTwoFactorTestApp,
  stopTwoFactorTestApp,
} from './two-factor.test-support.ts'

const BASE = '/api/settings/security'

let test: TestApp
beforeAll(async () => {
  test = await startTwoFactorTestApp()
})
afterAll(() => stopTwoFactorTestApp(test))

const mailSubjectsTo = async (email: string) => (await queuedMailTo(test, email)).map((mail) => mail.subject)

const actionsOf = (userId: string) => auditActionsOf(test, userId)

describe('every Security call', () => {
  it('answers 401 without a session', async () => {
    const routes = test.app.apiRoutes.filter((route) => route.url.startsWith(BASE))
    expect(routes.length).toBe(10)
    for (const route of routes) {
      expect(route.public).toBe(false)
      const url = route.url.replace(':id', 'a'.repeat(64))
      const response = await test.request({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      })
      expect(response.statusCode, `${route.method} ${url}`).toBe(401)
    }
  })
})

describe('POST /api/settings/security/password', () => {
  it('refuses a wrong current password on its field and changes nothing', async () => {
    const owner = await signUp(test)
    const response = await test.request({
      method: 'POST',
      url: `${BASE}/password`,
      cookie: owner.cookie,
      payload: { currentPassword: 'not it at all', newPassword: 'a brand new password' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { path: 'currentPassword', message: SECURITY_MESSAGES.currentPasswordWrong },
    ])
    const short = await test.request({
      method: 'POST',
      url: `${BASE}/password`,
      cookie: owner.cookie,
      payload: { currentPassword: owner.password, newPassword: 'short' },
    })
    expect(short.json().errors).toEqual([{ path: 'newPassword', message: AUTH_MESSAGES.passwordMin }])
    await signIn(test, owner)
  })

  it('ends every other session (their cookies get 401), keeps this one, alerts and audits', async () => {
    const owner = await signUp(test)
    const other = await signIn(test, owner)
    const { secret } = await enrolTwoFactor(test, owner)
    // Someone else passed the old password and waits at the code step.
    const { challenge } = await passwordStep(test, owner)
    const response = await test.request({
      method: 'POST',
      url: `${BASE}/password`,
      cookie: owner.cookie,
      payload: { currentPassword: owner.password, newPassword: 'a brand new password' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ sessionsEnded: 1 })
    expect((await test.request({ method: 'GET', url: '/api/auth/user', cookie: other })).statusCode).toBe(401)
    expect(
      (await test.request({ method: 'GET', url: '/api/auth/user', cookie: owner.cookie })).statusCode,
    ).toBe(200)
    const [row] = await test.db.select().from(users).where(eq(users.id, owner.user.id))
    expect(await verifyPassword('a brand new password', row!.passwordHash!)).toBe(true)
    const waiting = await test.request({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      cookie: challenge,
      payload: { code: codeAt(secret) },
    })
    expect(waiting.statusCode).toBe(401)
    expect(row!.passwordChangedAt).not.toBeNull()
    expect(await mailSubjectsTo(owner.email)).toContain('Your password was changed')
    expect(await actionsOf(owner.user.id)).toContain('auth.password_changed')
    const next = await passwordStep(test, { email: owner.email, password: 'a brand new password' })
    expect(next.response.json()).toEqual({ twoFactorRequired: true })
  })
})

describe('two-factor in Settings › Security', () => {
  it('shows the status, regenerates codes with a current code, and turns off with proof', async () => {
    const owner = await signUp(test)
    const before = await test.request({ method: 'GET', url: BASE, cookie: owner.cookie })
    expect(before.json()).toEqual({
      twoFactorEnabled: false,
      twoFactorEnabledAt: null,
      recoveryCodesLeft: 0,
      agencyRequiresTwoFactor: false,
      hasPassword: true,
      demoAccount: false,
    })
    const { secret, recoveryCodes } = await enrolTwoFactor(test, owner)
    const after = await test.request({ method: 'GET', url: BASE, cookie: owner.cookie })
    expect(after.json()).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 })
    const again = await test.request({
      method: 'POST',
      url: `${BASE}/two-factor/enrolment`,
      cookie: owner.cookie,
      payload: {},
    })
    expect(again.statusCode).toBe(409)

    const regenerated = await test.request({
      method: 'POST',
      url: `${BASE}/two-factor/recovery-codes`,
      cookie: owner.cookie,
      payload: { code: codeAt(secret), currentPassword: owner.password },
    })
    expect(regenerated.statusCode, regenerated.body).toBe(200)
    const fresh = regenerated.json().recoveryCodes as string[]
    expect(fresh).toHaveLength(10)
    expect(fresh).not.toContain(recoveryCodes[0])
    // The code just used cannot be used again.
    const replay = await test.request({
      method: 'POST',
      url: `${BASE}/two-factor/recovery-codes`,
      cookie: owner.cookie,
      payload: { code: codeAt(secret), currentPassword: owner.password },
    })
    expect(replay.json().errors).toEqual([{ path: 'code', message: TWO_FACTOR_MESSAGES.codeUsed }])
    // Old recovery codes no longer sign in.
    const { challenge } = await passwordStep(test, owner)
    const old = await test.request({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      cookie: challenge,
      payload: { recoveryCode: recoveryCodes[0] },
    })
    expect(old.statusCode).toBe(400)

    const wrongProof = await test.request({
      method: 'POST',
      url: `${BASE}/two-factor/disable`,
      cookie: owner.cookie,
      payload: { password: 'wrong password' },
    })
    expect(wrongProof.json().errors).toEqual([
      { path: 'password', message: SECURITY_MESSAGES.currentPasswordWrong },
    ])
    const noProof = await test.request({
      method: 'POST',
      url: `${BASE}/two-factor/disable`,
      cookie: owner.cookie,
      payload: {},
    })
    expect(noProof.json().errors).toEqual([
      { path: 'password', message: SECURITY_MESSAGES.currentPasswordRequired },
    ])
    const off = await test.request({
      method: 'POST',
      url: `${BASE}/two-factor/disable`,
      cookie: owner.cookie,
      payload: { password: owner.password },
    })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json()).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 })
    expect(await mailSubjectsTo(owner.email)).toContain('Two-factor sign-in was turned off')
    expect(await actionsOf(owner.user.id)).toEqual(
      expect.arrayContaining([
        'auth.two_factor_enabled',
        'auth.recovery_codes_regenerated',
        'auth.two_factor_disabled',
      ]),
    )
    // Signing in needs the password only again.
    await signIn(test, owner)
  })

  it('refuses to turn two-factor off while the agency requires it, and an expired enrolment', async () => {
    const owner = await signUp(test)
    const { secret } = await enrolTwoFactor(test, owner)
    await test.request({
      method: 'PUT',
      url: `${BASE}/agency-two-factor`,
      cookie: owner.cookie,
      payload: { required: true },
    })
    const off = await test.request({
      method: 'POST',
      url: `${BASE}/two-factor/disable`,
      cookie: owner.cookie,
      payload: { code: codeAt(secret) },
    })
    expect(off.statusCode).toBe(409)
    expect(off.json().message).toBe(SECURITY_MESSAGES.agencyRequiresTwoFactor)

    const other = await signUp(test)
    const start = await test.request({
      method: 'POST',
      url: `${BASE}/two-factor/enrolment`,
      cookie: other.cookie,
      payload: { currentPassword: other.password },
    })
    // Another user's enrolment token does not work for this one.
    const stolen = await test.request({
      method: 'POST',
      url: `${BASE}/two-factor`,
      cookie: owner.cookie,
      payload: { enrolmentToken: start.json().enrolmentToken, code: codeAt(start.json().secret) },
    })
    expect(stolen.statusCode).toBe(400)
    vi.setSystemTime(Date.now() + 11 * 60_000)
    try {
      const late = await test.request({
        method: 'POST',
        url: `${BASE}/two-factor`,
        cookie: other.cookie,
        payload: { enrolmentToken: start.json().enrolmentToken, code: codeAt(start.json().secret) },
      })
      expect(late.json().errors).toEqual([
        { path: 'enrolmentToken', message: SECURITY_MESSAGES.enrolmentExpired },
      ])
    } finally {
      vi.setSystemTime(Date.now() - 11 * 60_000)
    }
  })
})
