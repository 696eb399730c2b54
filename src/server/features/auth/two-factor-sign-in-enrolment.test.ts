import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { TWO_FACTOR_MESSAGES } from '#shared/contracts/security.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { users } from './auth.table.ts'
import { codeAt, enrolTwoFactor, passwordStep } from './two-factor.test-support.ts'

let test: TestApp
beforeAll(async () => {
  // Codes are computed from the clock: freeze it a few seconds into a 30 s step, so no step ends mid-test.
  const stepStart = Math.floor(Date.now() / 30_000) * 30_000
  vi.useFakeTimers({ toFake: ['Date'], now: stepStart + 5_000 })
  test = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } })
})
afterAll(async () => {
  vi.useRealTimers()
  await test.close()
})

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
    await enrolTwoFactor(test, owner.cookie)
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
