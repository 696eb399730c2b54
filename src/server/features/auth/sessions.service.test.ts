import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { sessionCookieOf, signIn, signUp } from '#test/factories.ts'
import { auditActionsOf, queuedMailTo } from '#test/recorded.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { sessions, users } from './auth.table.ts'
import { disableUser } from './disable-user.ts'

const BASE = '/api/settings/security'
const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } })
})
afterAll(() => test.close())

const mailSubjectsTo = async (email: string) => (await queuedMailTo(test, email)).map((mail) => mail.subject)

const actionsOf = (userId: string) => auditActionsOf(test, userId)

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

  it('answers 404, not 400, for a session id of any other shape', async () => {
    const owner = await signUp(test)
    // 101 to 128 characters: past Fastify's default parameter cap (100, a 414), within the contract's.
    for (const id of ['abc', 'Z'.repeat(64), 'x'.repeat(100), 'x'.repeat(101), 'x'.repeat(128)]) {
      const response = await test.request({
        method: 'DELETE',
        url: `${BASE}/sessions/${id}`,
        cookie: owner.cookie,
      })
      expect(response.statusCode, id).toBe(404)
    }
    const tooLong = await test.request({
      method: 'DELETE',
      url: `${BASE}/sessions/${'x'.repeat(129)}`,
      cookie: owner.cookie,
    })
    expect([400, 414]).toContain(tooLong.statusCode)
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
