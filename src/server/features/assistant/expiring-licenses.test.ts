import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ctx } from '#server/platform/context.ts'
import { addDays, isoDay } from '#shared/domain/license-status.ts'
import { ask } from '#test/assistant-calls.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { addOnboardingAgent, joinAsAgent } from '#test/onboarding.ts'
import { runTool } from './model/assistant-tools.service.ts'

let test: TestApp
let admin: SignedInUser
let joinedCookie: string
let joined: { name: string; code: string }
let invited: { name: string; code: string }
const today = isoDay()
const QUESTION = 'Which licenses are expiring soon?'

async function addLicense(owner: SignedInUser, agentId: string, days: number, status = 'active') {
  const response = await test.request({
    method: 'POST',
    url: '/api/agency-onboarding/licenses',
    cookie: owner.cookie,
    payload: {
      agentId,
      licenseNumber: `LN-${agentId}-${days}`,
      state: 'TX',
      licenseType: 'Life Only',
      expirationDate: addDays(today, days),
      status,
    },
  })
  expect(response.statusCode, response.body).toBe(201)
}

const ctxOf = (user: SignedInUser): Ctx => ({
  actor: { userId: user.user.id, agencyId: user.user.agencyId, role: user.user.role, sessionId: 'test' },
  ipAddress: null,
  userAgent: null,
  requestId: null,
})

beforeAll(async () => {
  test = await buildTestApp()
  admin = await signUp(test)
  const one = await addOnboardingAgent(test, admin)
  joined = { name: `${one.input.firstName} ${one.input.lastName}`, code: one.input.agentId }
  joinedCookie = await joinAsAgent(test, one.input.email)
  const two = await addOnboardingAgent(test, admin)
  invited = { name: `${two.input.firstName} ${two.input.lastName}`, code: two.input.agentId }
  await addLicense(admin, joined.code, 20)
  await addLicense(admin, invited.code, 0)
  await addLicense(admin, invited.code, -40)
  // Not expiring: past the 90-day window, or no longer active.
  await addLicense(admin, invited.code, 91)
  await addLicense(admin, invited.code, 25, 'suspended')
  const elsewhere = await signUp(test)
  await addLicense(elsewhere, (await addOnboardingAgent(test, elsewhere)).input.agentId, 30)
})
afterAll(() => test.close())

describe('the assistants on expiring licenses', () => {
  it('lists the agency’s expiring licenses from onboarding, soonest first, without their numbers', async () => {
    const { text, body } = await ask(test, admin, QUESTION)
    expect(text).toBe(
      [
        '3 active licenses expire within 90 days or are past the date, soonest first:',
        `• ${invited.name} (${invited.code}): TX Life Only, expired ${addDays(today, -40)}, 40 days ago`,
        `• ${invited.name} (${invited.code}): TX Life Only, expires today (${today})`,
        `• ${joined.name} (${joined.code}): TX Life Only, expires ${addDays(today, 20)}, in 20 days`,
      ].join('\n'),
    )
    expect(text).not.toContain('LN-')
    expect(body.reply.answeredBy).toBe('built_in')
    expect(body.reply.citations).toEqual([{ title: 'Agency Onboarding', url: '/agency-onboarding' }])
  })

  it('shows an agent only their own licenses', async () => {
    const agent = { cookie: joinedCookie } as SignedInUser
    const { text } = await ask(test, agent, QUESTION)
    expect(text).toBe(
      [
        '1 active license expires within 90 days or is past the date, soonest first:',
        `• ${joined.name} (${joined.code}): TX Life Only, expires ${addDays(today, 20)}, in 20 days`,
      ].join('\n'),
    )
  })

  it('says so when nothing expires', async () => {
    const { text } = await ask(test, await signUp(test), QUESTION)
    expect(text).toBe('No active agent license expires within the next 90 days, and none is past its date.')
  })

  it('gives a model the same records through license_records, up to its limit', async () => {
    const { output } = await runTool(test.db, ctxOf(admin), 'license_records', '{"limit":2}')
    expect(output).toEqual({
      total: 3,
      withinDays: 90,
      licenses: [
        {
          agent: invited.name,
          agentId: invited.code,
          state: 'TX',
          licenseType: 'Life Only',
          expirationDate: addDays(today, -40),
          daysUntilExpiration: -40,
        },
        {
          agent: invited.name,
          agentId: invited.code,
          state: 'TX',
          licenseType: 'Life Only',
          expirationDate: today,
          daysUntilExpiration: 0,
        },
      ],
    })
  })
})
