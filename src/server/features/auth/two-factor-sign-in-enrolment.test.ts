import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencies } from '#server/features/agencies/agencies.table.ts'
import { TWO_FACTOR_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import { sessionCookieOf, signUp } from '#test/factories.ts'
import { sessions, signInChallenges, users } from './auth.table.ts'
import {
  codeAt,
  enrolTwoFactor,
  passwordStep,
  startTwoFactorTestApp,
  stopTwoFactorTestApp,
} from './two-factor.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await startTwoFactorTestApp()
})
afterAll(() => stopTwoFactorTestApp(test))

function secondStep(challenge: string | undefined, payload: Record<string, string>) {
  return test.request({ method: 'POST', url: '/api/auth/login/two-factor', payload, cookie: challenge })
}

describe('enrolment at sign-in when the agency requires two-factor', () => {
  it('never lets a leftover enrolment challenge overwrite two-factor that is already on', async () => {
    const owner = await signUp(test)
    await test.request({
      method: 'PUT',
      url: '/api/settings/security/agency-two-factor',
      cookie: owner.cookie,
      payload: { required: true },
    })
    const { challenge } = await passwordStep(test, owner)
    const enrolment = await test.request({
      method: 'GET',
      url: '/api/auth/login/two-factor/enrolment',
      cookie: challenge,
    })
    const pendingSecret = enrolment.json().secret as string
    // Meanwhile two-factor is turned on in Settings: the pending sign-in enrolment is dropped.
    await enrolTwoFactor(test, owner)
    const [on] = await test.db.select().from(users).where(eq(users.id, owner.user.id))
    const leftover = await test.request({
      method: 'POST',
      url: '/api/auth/login/two-factor/enrolment',
      cookie: challenge,
      payload: { code: codeAt(pendingSecret) },
    })
    expect(leftover.statusCode).toBe(401)
    expect(leftover.json()).toEqual({ message: TWO_FACTOR_MESSAGES.challengeExpired })
    const [after] = await test.db.select().from(users).where(eq(users.id, owner.user.id))
    expect(after!.totpSecret).toBe(on!.totpSecret)

    // Two-factor turned on by a request racing this one: the enrolment still refuses to overwrite it.
    await test.db.update(users).set({ totpEnabledAt: null }).where(eq(users.id, owner.user.id))
    const raced = await passwordStep(test, owner)
    expect(raced.response.json()).toEqual({ twoFactorEnrolmentRequired: true })
    const racedSecret = (
      await test.request({
        method: 'GET',
        url: '/api/auth/login/two-factor/enrolment',
        cookie: raced.challenge,
      })
    ).json().secret as string
    await test.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, owner.user.id))
    const late = await test.request({
      method: 'POST',
      url: '/api/auth/login/two-factor/enrolment',
      cookie: raced.challenge,
      payload: { code: codeAt(racedSecret) },
    })
    expect(late.statusCode).toBe(401)
    const [last] = await test.db.select().from(users).where(eq(users.id, owner.user.id))
    expect(last!.totpSecret).toBe(on!.totpSecret)
  })
})

describe('when the agency requires two-factor', () => {
  it('makes a user without it enrol at sign-in, then issues recovery codes and the session', async () => {
    const owner = await signUp(test)
    const required = await test.request({
      method: 'PUT',
      url: '/api/settings/security/agency-two-factor',
      cookie: owner.cookie,
      payload: { required: true },
    })
    expect(required.json()).toEqual({ required: true })
    const [agency] = await test.db.select().from(agencies).where(eq(agencies.id, owner.user.agencyId))
    expect(agency!.requireTwoFactor).toBe(true)
    // The session already open goes on.
    expect(
      (await test.request({ method: 'GET', url: '/api/auth/user', cookie: owner.cookie })).statusCode,
    ).toBe(200)

    const { response, challenge } = await passwordStep(test, owner)
    expect(response.json()).toEqual({ twoFactorEnrolmentRequired: true })
    // The verify step does not accept an enrolment challenge.
    expect((await secondStep(challenge, { code: '123456' })).statusCode).toBe(401)
    const enrolment = await test.request({
      method: 'GET',
      url: '/api/auth/login/two-factor/enrolment',
      cookie: challenge,
    })
    expect(enrolment.statusCode).toBe(200)
    const { secret, otpauthUri, qrDataUrl } = enrolment.json()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/) // 160 bits in base32
    expect(otpauthUri).toContain(`secret=${secret}`)
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    const [pending] = await test.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, owner.user.id))
    expect(pending!.pendingSecret).not.toContain(secret)

    const wrong = await test.request({
      method: 'POST',
      url: '/api/auth/login/two-factor/enrolment',
      cookie: challenge,
      payload: { code: codeAt(secret, 5) },
    })
    expect(wrong.statusCode).toBe(400)
    const confirmed = await test.request({
      method: 'POST',
      url: '/api/auth/login/two-factor/enrolment',
      cookie: challenge,
      payload: { code: codeAt(secret) },
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().recoveryCodes).toHaveLength(10)
    const session = sessionCookieOf(confirmed)
    expect((await test.request({ method: 'GET', url: '/api/auth/user', cookie: session })).statusCode).toBe(
      200,
    )
    const [row] = await test.db.select().from(users).where(eq(users.id, owner.user.id))
    expect(row!.totpEnabledAt).not.toBeNull()
    expect(await test.db.$count(sessions, eq(sessions.userId, owner.user.id))).toBe(2)
  })

  it('refuses the switch to an agent with 403', async () => {
    const owner = await signUp(test)
    await test.db.update(users).set({ role: 'agent' }).where(eq(users.id, owner.user.id))
    const response = await test.request({
      method: 'PUT',
      url: '/api/settings/security/agency-two-factor',
      cookie: owner.cookie,
      payload: { required: true },
    })
    expect(response.statusCode).toBe(403)
  })
})
