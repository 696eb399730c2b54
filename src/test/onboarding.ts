import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import { MAIL_JOB } from '#server/platform/mail.ts'
import type { NewAgent } from '#shared/contracts/onboarding-agents.contract.ts'
import type { TestApp } from './build-test-app.ts'
import { type SignedInUser, sessionCookieOf, uniqueEmail } from './factories.ts'

let counter = 0

/** A new agent's form, with a fresh agent ID and email. */
export function newAgentInput(overrides: Partial<NewAgent> = {}): NewAgent {
  counter += 1
  return {
    agentId: `AGT-${String(counter).padStart(4, '0')}`,
    firstName: 'Riley',
    lastName: `Stone${counter}`,
    email: uniqueEmail('recruit'),
    phone: '(512) 555-0100',
    department: 'sales',
    startDate: '',
    supervisor: 'Morgan Lee',
    ...overrides,
  }
}

/** Adds an agent as `admin` through the API; answers the created agent (and its invitation). */
export async function addOnboardingAgent(
  test: TestApp,
  admin: SignedInUser,
  overrides: Partial<NewAgent> = {},
) {
  const input = newAgentInput(overrides)
  const response = await test.request({
    method: 'POST',
    url: '/api/agency-onboarding/agents',
    cookie: admin.cookie,
    payload: input,
  })
  expect(response.statusCode, response.body).toBe(201)
  return { input, ...(response.json() as { agent: { id: string; agentId: string; email: string } }) }
}

/** The token of the newest invitation mailed to `email`, read from the queued mail's link. */
export async function invitationTokenFor(test: TestApp, email: string): Promise<string> {
  const rows = await test.db.select().from(jobs).where(eq(jobs.type, MAIL_JOB))
  const texts = rows
    .map((row) => row.payload as { to: string; text: string })
    .filter((mail) => mail.to === email && mail.text.includes('/join-agency#'))
  const link = texts.at(-1)?.text.match(/\/join-agency#([A-Za-z0-9_-]+)/)
  if (!link) throw new Error(`No invitation mailed to ${email}`)
  return link[1]!
}

/** Accepts an invitation and signs in as the new agent: their session cookie. */
export async function joinAsAgent(test: TestApp, email: string, password = 'new agent password') {
  const token = await invitationTokenFor(test, email)
  const accepted = await test.request({
    method: 'POST',
    url: '/api/agency-onboarding/invitations/accept',
    payload: { token, password },
  })
  expect(accepted.statusCode, accepted.body).toBe(200)
  const login = await test.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  expect(login.statusCode, login.body).toBe(200)
  return sessionCookieOf(login)
}
