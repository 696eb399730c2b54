import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import { verifyPassword } from '#server/platform/passwords.ts'
import { AUTH_MESSAGES } from '#shared/contracts/auth.contract.ts'
import { SECURITY_MESSAGES, TWO_FACTOR_MESSAGES } from '#shared/contracts/security.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { sessionCookieOf, signIn, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { sessions, users } from './auth.table.ts'
import { disableUser } from './disable-user.ts'
import { codeAt, enrolTwoFactor, passwordStep } from './two-factor.test-support.ts'

const BASE = '/api/settings/security'
const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'

let test: TestApp
beforeAll(async () => {
  const stepStart = Math.floor(Date.now() / 30_000) * 30_000
  vi.useFakeTimers({ toFake: ['Date'], now: stepStart + 5_000 })
  test = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } })
})
afterAll(async () => {
  vi.useRealTimers()
  await test.close()
})

async function mailSubjectsTo(email: string) {
  const rows = await test.db.select().from(jobs).where(eq(jobs.type, 'mail.send'))
  return rows
    .map((row) => row.payload as { to: string; subject: string })
    .filter((mail) => mail.to === email)
    .map((mail) => mail.subject)
}

async function actionsOf(userId: string) {
  const rows = await test.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, userId))
  return rows.map((row) => row.action)
}

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
    const { secret } = await enrolTwoFactor(test, owner.cookie)
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
    })
    const { secret, recoveryCodes } = await enrolTwoFactor(test, owner.cookie)
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
      payload: { code: codeAt(secret) },
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
      payload: { code: codeAt(secret) },
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
      { path: 'password', message: SECURITY_MESSAGES.disableNeedsProof },
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
    const { secret } = await enrolTwoFactor(test, owner.cookie)
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
      payload: {},
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

describe('active sessions', () => {
  it('lists the user’s sessions with device, browser and which is current, and ends one', async () => {
    const owner = await signUp(test)
    const mac = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': CHROME_ON_MAC },
      payload: { email: owner.email, password: owner.password },
    })
    const macCookie = sessionCookieOf(mac)
    const list = await test.request({ method: 'GET', url: `${BASE}/sessions`, cookie: owner.cookie })
    const listed = list.json().sessions as { id: string; device: string; browser: string; current: boolean }[]
    expect(listed).toHaveLength(2)
    expect(listed.filter((s) => s.current)).toHaveLength(1)
    const macSession = listed.find((s) => !s.current)!
    expect(macSession).toMatchObject({ device: 'Mac', browser: 'Chrome 124', ipAddress: '127.0.0.1' })
    // A sign-in from a browser without the device cookie is a new device: an alert goes out.
    expect(await mailSubjectsTo(owner.email)).toContain('New sign-in to your account')

    const ended = await test.request({
      method: 'DELETE',
      url: `${BASE}/sessions/${macSession.id}`,
      cookie: owner.cookie,
    })
    expect(ended.json()).toEqual({ ended: 1 })
    expect((await test.request({ method: 'GET', url: '/api/auth/user', cookie: macCookie })).statusCode).toBe(
      401,
    )
    const gone = await test.request({
      method: 'DELETE',
      url: `${BASE}/sessions/${macSession.id}`,
      cookie: owner.cookie,
    })
    expect(gone.statusCode).toBe(404)
    expect(await actionsOf(owner.user.id)).toContain('auth.session_ended')
  })

  it('raises no new-device alert for the browser that signed up (its device cookie is known)', async () => {
    const signup = await test.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Dev',
        lastName: 'Ice',
        email: 'device.check@agency-test.example',
        password: 'long password',
      },
    })
    const device = signup.cookies.find((c) => c.name === 'did')!
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
    const again = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      cookie: `did=${device.value}`,
      payload: { email: 'device.check@agency-test.example', password: 'long password' },
    })
    expect(again.statusCode).toBe(200)
    expect(await mailSubjectsTo('device.check@agency-test.example')).not.toContain(
      'New sign-in to your account',
    )
  })

  it('ends all but the current session', async () => {
    const owner = await signUp(test)
    const a = await signIn(test, owner)
    const b = await signIn(test, owner)
    const response = await test.request({
      method: 'POST',
      url: `${BASE}/sessions/end-others`,
      cookie: owner.cookie,
      payload: {},
    })
    expect(response.json()).toEqual({ ended: 2 })
    for (const cookie of [a, b]) {
      expect((await test.request({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(401)
    }
    expect(await test.db.$count(sessions, eq(sessions.userId, owner.user.id))).toBe(1)
  })

  it('answers 404 for another agency’s session id, and for a colleague’s', async () => {
    await expectOtherAgencyGets404(test, [
      {
        method: 'DELETE',
        url: (id) => `${BASE}/sessions/${id}`,
        create: async (t, owner) => {
          const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, owner.user.id))
          return row!.id
        },
      },
    ])
    const owner = await signUp(test)
    const ownerSession = (await test.db.select().from(sessions).where(eq(sessions.userId, owner.user.id)))[0]!
    const colleague = await signUp(test)
    await test.db.update(users).set({ agencyId: owner.user.agencyId }).where(eq(users.id, colleague.user.id))
    await test.db
      .update(sessions)
      .set({ agencyId: owner.user.agencyId })
      .where(eq(sessions.userId, colleague.user.id))
    const response = await test.request({
      method: 'DELETE',
      url: `${BASE}/sessions/${ownerSession.id}`,
      cookie: colleague.cookie,
    })
    expect(response.statusCode).toBe(404)
    expect(await test.db.$count(sessions, eq(sessions.id, ownerSession.id))).toBe(1)
  })
})

describe('disableUser', () => {
  it('ends the user’s sessions when it disables them, and audits it', async () => {
    const owner = await signUp(test)
    await signIn(test, owner)
    const result = await disableUser(
      test.db,
      { ipAddress: null, userAgent: 'test', requestId: null },
      { agencyId: owner.user.agencyId, userId: owner.user.id, actorUserId: null },
    )
    expect(result).toEqual({ sessionsEnded: 2 })
    expect(await test.db.$count(sessions, eq(sessions.userId, owner.user.id))).toBe(0)
    expect(
      (await test.request({ method: 'GET', url: '/api/auth/user', cookie: owner.cookie })).statusCode,
    ).toBe(401)
    const login = await test.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    })
    expect(login.statusCode).toBe(401)
    const events = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, owner.user.id), eq(auditEvents.action, 'user.disabled')))
    expect(events).toHaveLength(1)
  })

  it('answers not found for a user of another agency', async () => {
    const a = await signUp(test)
    const b = await signUp(test)
    await expect(
      disableUser(
        test.db,
        { ipAddress: null, userAgent: 'test', requestId: null },
        { agencyId: a.user.agencyId, userId: b.user.id, actorUserId: null },
      ),
    ).rejects.toThrow('Not found')
    expect(await test.db.$count(sessions, eq(sessions.userId, b.user.id))).toBe(1)
  })
})
