import type { LightMyRequestResponse } from 'fastify'
import { authenticator } from 'otplib'
import { expect, vi } from 'vitest'
import type { AppDeps } from '#server/app.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'

/**
 * A test app for two-factor journeys. Codes are computed from the clock: it is frozen a few seconds
 * into a 30 s step, so no step ends mid-test; the sign-in limit is raised for the many sign-ins.
 */
export function startTwoFactorTestApp(deps: Partial<AppDeps> = {}) {
  const stepStart = Math.floor(Date.now() / 30_000) * 30_000
  vi.useFakeTimers({ toFake: ['Date'], now: stepStart + 5_000 })
  return buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, deps })
}

export async function stopTwoFactorTestApp(test: TestApp): Promise<void> {
  vi.useRealTimers()
  await test.close()
}

/** The code an authenticator app shows `steps` 30-second steps from now (negative: earlier). */
export function codeAt(secret: string, steps = 0): string {
  return authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret)
}

export function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  const cookie = response.cookies.find((c) => c.name === name)
  return cookie?.value ? `${name}=${cookie.value}` : undefined
}

/**
 * Turns two-factor on through Settings › Security (with the current password) and the code of the
 * step before this one (accepted as drift), so the current and next steps stay free for the
 * sign-ins a test makes.
 */
export async function enrolTwoFactor(
  test: TestApp,
  { cookie, password }: { cookie: string; password: string },
) {
  const start = await test.request({
    method: 'POST',
    url: '/api/settings/security/two-factor/enrolment',
    cookie,
    payload: { currentPassword: password },
  })
  expect(start.statusCode, start.body).toBe(200)
  const { secret, enrolmentToken } = start.json() as { secret: string; enrolmentToken: string }
  const confirm = await test.request({
    method: 'POST',
    url: '/api/settings/security/two-factor',
    cookie,
    payload: { enrolmentToken, code: codeAt(secret, -1) },
  })
  expect(confirm.statusCode, confirm.body).toBe(200)
  return { secret, recoveryCodes: confirm.json().recoveryCodes as string[] }
}

/** The password step: answers the challenge cookie (and asserts no session was given). */
export async function passwordStep(test: TestApp, user: { email: string; password: string }) {
  const response = await test.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  })
  expect(cookieOf(response, 'sid')).toBeUndefined()
  return { response, challenge: cookieOf(response, 'sic') }
}
