import { randomBytes } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { users } from '#server/features/auth/auth.table.ts'
import { hashPassword } from '#server/platform/passwords.ts'
import type { CurrentUser, SignupInput } from '#shared/contracts/auth.contract.ts'
import type { TestApp } from './build-test-app.ts'

export interface SignedInUser {
  cookie: string
  user: CurrentUser
  email: string
  password: string
}

export function uniqueEmail(prefix = 'agent'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@agency-test.example`
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid')
  if (!cookie) throw new Error(`No session cookie in the answer (${response.statusCode}: ${response.body})`)
  return `${cookie.name}=${cookie.value}`
}

/** Signs up a new agency through the real endpoint and answers its session cookie. */
export async function signUp(test: TestApp, overrides: Partial<SignupInput> = {}): Promise<SignedInUser> {
  const input = {
    firstName: 'Casey',
    lastName: 'Morgan',
    email: uniqueEmail(),
    password: 'correct horse battery',
    selectedPlan: 'free' as const,
    ...overrides,
  }
  const response = await test.request({ method: 'POST', url: '/api/auth/signup', payload: input })
  expect(response.statusCode, response.body).toBe(201)
  return {
    cookie: sessionCookieOf(response),
    user: response.json().user,
    email: input.email,
    password: input.password,
  }
}

/** Signs in again through the real endpoint (after the role command ended the user's sessions). */
export async function signIn(test: TestApp, user: { email: string; password: string }): Promise<string> {
  const response = await test.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  })
  expect(response.statusCode, response.body).toBe(200)
  return sessionCookieOf(response)
}

/**
 * A second user of an agency with the plain agent role, signed in (agencies invite their team
 * with the onboarding issue; until then a test writes the row as that feature will).
 */
export async function addAgent(test: TestApp, agencyId: string): Promise<SignedInUser> {
  const email = uniqueEmail('colleague')
  const password = 'colleague password 1'
  await test.db.insert(users).values({
    agencyId,
    email,
    firstName: 'Alex',
    lastName: 'Colleague',
    role: 'agent',
    passwordHash: await hashPassword(password),
  })
  const cookie = await signIn(test, { email, password })
  const me = await test.request({ method: 'GET', url: '/api/auth/user', cookie })
  return { cookie, user: me.json(), email, password }
}
