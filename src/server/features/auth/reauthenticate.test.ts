import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp, uniqueEmail } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { loginFailures, recoveryCodes, sessions, users } from './auth.table.ts'
import {
  codeAt,
  enrolTwoFactor,
  startTwoFactorTestApp,
  stopTwoFactorTestApp,
} from './two-factor.test-support.ts'

// A stolen session (a cookie, an unlocked computer) must not be able to bind its own
// authenticator, replace the recovery codes, turn two-factor off or move the sign-in email.

const BASE = '/api/settings/security'

let test: TestApp
beforeAll(async () => {
  test = await startTwoFactorTestApp()
})
afterAll(() => stopTwoFactorTestApp(test))

const post = (user: SignedInUser, path: string, payload: Record<string, string>) =>
  test.request({ method: 'POST', url: `${BASE}${path}`, cookie: user.cookie, payload })

const errorsOf = (response: { json(): { errors?: unknown } }) => response.json().errors

const failuresOf = async (email: string) =>
  test.db.$count(loginFailures, eq(loginFailures.email, email.toLowerCase()))

describe('changes that need the current password', () => {
  it('starts an enrolment only with the right current password, counting a wrong one', async () => {
    const owner = await signUp(test)
    const missing = await post(owner, '/two-factor/enrolment', {})
    expect(missing.statusCode).toBe(400)
    expect(errorsOf(missing)).toEqual([
      { path: 'currentPassword', message: SECURITY_MESSAGES.currentPasswordRequired },
    ])
    const wrong = await post(owner, '/two-factor/enrolment', { currentPassword: 'a guess' })
    expect(wrong.statusCode).toBe(400)
    expect(errorsOf(wrong)).toEqual([
      { path: 'currentPassword', message: SECURITY_MESSAGES.currentPasswordWrong },
    ])
    expect(wrong.json().enrolmentToken).toBeUndefined()
    expect(await failuresOf(owner.email)).toBe(1)
    expect(await auditActionsOf(test, owner.user.id)).toContain('auth.reauthentication_failed')
    const right = await post(owner, '/two-factor/enrolment', { currentPassword: owner.password })
    expect(right.statusCode, right.body).toBe(200)
    expect(right.json().enrolmentToken).toEqual(expect.any(String))
  })

  it('renews recovery codes only with the current password as well as a code', async () => {
    const owner = await signUp(test)
    const { secret } = await enrolTwoFactor(test, owner)
    const before = await test.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.user.id))
    const missing = await post(owner, '/two-factor/recovery-codes', { code: codeAt(secret) })
    expect(errorsOf(missing)).toEqual([
      { path: 'currentPassword', message: SECURITY_MESSAGES.currentPasswordRequired },
    ])
    const wrong = await post(owner, '/two-factor/recovery-codes', {
      code: codeAt(secret),
      currentPassword: 'a guess',
    })
    expect(errorsOf(wrong)).toEqual([
      { path: 'currentPassword', message: SECURITY_MESSAGES.currentPasswordWrong },
    ])
    const after = await test.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.user.id))
    expect(after.map((row) => row.codeHash).sort()).toEqual(before.map((row) => row.codeHash).sort())
  })

  it('turns two-factor off with the password, not with a code alone', async () => {
    const owner = await signUp(test)
    const { secret } = await enrolTwoFactor(test, owner)
    const byCode = await post(owner, '/two-factor/disable', { code: codeAt(secret) })
    expect(byCode.statusCode).toBe(400)
    expect(errorsOf(byCode)).toEqual([
      { path: 'password', message: SECURITY_MESSAGES.currentPasswordRequired },
    ])
    const [row] = await test.db.select().from(users).where(eq(users.id, owner.user.id))
    expect(row!.totpEnabledAt).not.toBeNull()
  })
})

describe('an account without a password (Google sign-in only)', () => {
  async function googleOnly() {
    const owner = await signUp(test)
    await test.db.update(users).set({ passwordHash: null }).where(eq(users.id, owner.user.id))
    return owner
  }
  const ageSessions = (userId: string, minutes: number) =>
    test.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(sessions.userId, userId))

  it('changes sign-in settings within ten minutes of signing in, and is asked to sign in again after', async () => {
    const owner = await googleOnly()
    const fresh = await post(owner, '/two-factor/enrolment', {})
    expect(fresh.statusCode, fresh.body).toBe(200)
    await ageSessions(owner.user.id, 11)
    const stale = await post(owner, '/two-factor/enrolment', {})
    expect(stale.statusCode).toBe(403)
    expect(stale.json().message).toBe(SECURITY_MESSAGES.signInAgainFirst)
    const email = await test.request({
      method: 'PUT',
      url: '/api/settings/profile',
      cookie: owner.cookie,
      payload: { firstName: 'Casey', lastName: 'Morgan', email: uniqueEmail('google') },
    })
    expect(email.statusCode).toBe(403)
    // A name is not a sign-in setting.
    const name = await test.request({
      method: 'PUT',
      url: '/api/profile',
      cookie: owner.cookie,
      payload: { firstName: 'Casey', lastName: 'Moreno', email: owner.email },
    })
    expect(name.statusCode, name.body).toBe(200)
    expect(name.json().profile.lastName).toBe('Moreno')
  })

  it('turns two-factor off with a current code in a fresh session', async () => {
    const owner = await signUp(test)
    const { secret } = await enrolTwoFactor(test, owner)
    await test.db.update(users).set({ passwordHash: null }).where(eq(users.id, owner.user.id))
    const noCode = await post(owner, '/two-factor/disable', {})
    expect(errorsOf(noCode)).toEqual([{ path: 'code', message: expect.any(String) }])
    const off = await post(owner, '/two-factor/disable', { code: codeAt(secret) })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json()).toMatchObject({ twoFactorEnabled: false })
  })
})
