import type { InjectOptions } from 'fastify'
import { expect } from 'vitest'
import type { TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signIn, signUp } from '#test/factories.ts'
import { setUserRole } from '../auth/auth.service.ts'

/** Calls the API as `user` and fails unless it answers `status`; answers the parsed body. */
export async function call<T = Record<string, unknown>>(
  test: TestApp,
  user: SignedInUser,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  status = 200,
): Promise<T> {
  const response = await test.request({
    method,
    url,
    cookie: user.cookie,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  })
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status)
  return response.json() as T
}

/** Catalogue carriers as the agency sees them (the first `count`, by name). */
export async function catalogueCarriers(test: TestApp, user: SignedInUser, count = 3) {
  const { data } = await call<{ data: { id: string; name: string; isCatalogue: boolean }[] }>(
    test,
    user,
    'GET',
    '/api/carriers',
  )
  return data.filter((carrier) => carrier.isCatalogue).slice(0, count)
}

/** A new agency whose first user is then made a platform admin (signed in again, as the command requires). */
export async function signUpPlatformAdmin(test: TestApp): Promise<SignedInUser> {
  const user = await signUp(test, { firstName: 'Pat', lastName: 'Moderator' })
  await setUserRole(test.db, user.email, 'platform_admin')
  return { ...user, cookie: await signIn(test, user) }
}

export function reviewInput(carrierId: string, overrides: Record<string, unknown> = {}) {
  return {
    carrierId,
    title: 'Fast answers on term life',
    review: 'Quotes came back the same day.',
    ...overrides,
  }
}
