import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { SETTINGS_TEXTS as S } from '#shared/contracts/settings.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp, uniqueEmail } from '#test/factories.ts'
import { auditEventsOf, fieldMessagesOf, queuedMailTo } from '#test/recorded.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'

let test: TestApp
let me: SignedInUser

beforeAll(async () => {
  test = await buildTestApp()
  me = await signUp(test)
})
afterAll(() => test.close())

const mailsTo = (address: string) => queuedMailTo(test, address)

describe('PUT /api/settings/profile and PUT /api/profile', () => {
  it('saves the names and the email trimmed and lower-cased, on both paths, audited', async () => {
    const user = await signUp(test)
    const email = uniqueEmail('renamed')
    const first = await test.request({
      method: 'PUT',
      url: '/api/settings/profile',
      cookie: user.cookie,
      payload: {
        firstName: ' Dana ',
        lastName: 'Reyes',
        email: `  ${email.toUpperCase()} `,
        currentPassword: user.password,
      },
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().profile).toEqual({ firstName: 'Dana', lastName: 'Reyes', email })
    const me2 = await test.request({ method: 'GET', url: '/api/auth/user', cookie: user.cookie })
    expect(me2.json()).toMatchObject({ firstName: 'Dana', email })

    // The same email in another case, and a new name: no password needed.
    const second = await test.request({
      method: 'PUT',
      url: '/api/profile',
      cookie: user.cookie,
      payload: { firstName: 'Dana', lastName: 'Reyes-Hart', email: email.toUpperCase() },
    })
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json().profile.lastName).toBe('Reyes-Hart')
    const [audit] = await auditEventsOf(test, user.user.id, 'settings.profile_updated')
    expect(audit!.details).toMatchObject({ oldEmail: user.email, newEmail: email })
  })

  it('alerts the old address when the email changes, unless security alerts are off', async () => {
    const user = await signUp(test)
    const email = uniqueEmail('moved')
    await test.request({
      method: 'PUT',
      url: '/api/settings/profile',
      cookie: user.cookie,
      payload: { firstName: 'Casey', lastName: 'Morgan', email, currentPassword: user.password },
    })
    expect((await mailsTo(user.email)).map((mail) => mail.subject)).toContain(S.emailChangedSubject)
    expect(await mailsTo(email)).toEqual([])

    await test.request({
      method: 'PUT',
      url: '/api/settings/notifications',
      cookie: user.cookie,
      payload: { securityAlerts: false },
    })
    const third = uniqueEmail('again')
    await test.request({
      method: 'PUT',
      url: '/api/settings/profile',
      cookie: user.cookie,
      payload: { firstName: 'Casey', lastName: 'Morgan', email: third, currentPassword: user.password },
    })
    expect(await mailsTo(email)).toEqual([])
  })

  it("refuses another account's email whatever its case, with a field message, changing nothing", async () => {
    const other = await signUp(test)
    const response = await test.request({
      method: 'PUT',
      url: '/api/profile',
      cookie: me.cookie,
      payload: {
        firstName: 'Casey',
        lastName: 'Morgan',
        email: other.email.toUpperCase(),
        currentPassword: me.password,
      },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: S.emailTaken,
      errors: [{ path: 'email', message: S.emailTaken }],
    })
    const [row] = await test.db.select().from(users).where(eq(users.id, me.user.id))
    expect(row!.email).toBe(me.email)
  })

  it('asks for the current password to change the email, and counts a wrong one as a failed sign-in', async () => {
    const user = await signUp(test)
    const email = uniqueEmail('taken-over')
    const change = (currentPassword?: string) =>
      test.request({
        method: 'PUT',
        url: '/api/settings/profile',
        cookie: user.cookie,
        payload: {
          firstName: 'Casey',
          lastName: 'Morgan',
          email,
          ...(currentPassword ? { currentPassword } : {}),
        },
      })
    const missing = await change()
    expect(missing.statusCode).toBe(400)
    expect(fieldMessagesOf(missing.json())).toEqual({
      currentPassword: SECURITY_MESSAGES.currentPasswordRequired,
    })
    const wrong = await change('not my password')
    expect(wrong.statusCode).toBe(400)
    expect(fieldMessagesOf(wrong.json())).toEqual({ currentPassword: SECURITY_MESSAGES.currentPasswordWrong })
    const [row] = await test.db.select().from(users).where(eq(users.id, user.user.id))
    expect(row!.email).toBe(user.email)
    expect((await mailsTo(user.email)).map((mail) => mail.subject)).not.toContain(S.emailChangedSubject)
    const [refused] = await auditEventsOf(test, user.user.id, 'auth.reauthentication_failed')
    expect(refused!.details).toMatchObject({ reason: 'wrong_password', during: 'email_change' })
    expect((await change(user.password)).statusCode).toBe(200)
  })

  it("keeps the public demo account's sign-in email (403), and lets its names change", async () => {
    const demo = await signUp(test)
    await test.db.update(agencies).set({ isDemo: true }).where(eq(agencies.id, demo.user.agencyId))
    const moved = await test.request({
      method: 'PUT',
      url: '/api/settings/profile',
      cookie: demo.cookie,
      payload: {
        firstName: 'Casey',
        lastName: 'Morgan',
        email: uniqueEmail('demo'),
        currentPassword: demo.password,
      },
    })
    expect(moved.statusCode).toBe(403)
    expect(moved.json().message).toBe(SECURITY_MESSAGES.demoAccountLocked)
    const renamed = await test.request({
      method: 'PUT',
      url: '/api/profile',
      cookie: demo.cookie,
      payload: { firstName: 'Demo', lastName: 'Visitor', email: demo.email },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
  })

  it('refuses empty and over-long names and a bad email with field messages', async () => {
    const response = await test.request({
      method: 'PUT',
      url: '/api/settings/profile',
      cookie: me.cookie,
      payload: { firstName: '  ', lastName: 'x'.repeat(101), email: 'not-an-email' },
    })
    expect(response.statusCode).toBe(400)
    expect(fieldMessagesOf(response.json())).toEqual({
      firstName: S.firstNameRequired,
      lastName: S.nameMax,
      email: S.emailInvalid,
    })
  })
})
