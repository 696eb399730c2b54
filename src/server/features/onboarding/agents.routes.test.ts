import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { addOnboardingAgent, invitationTokenFor, joinAsAgent, newAgentInput } from '#test/onboarding.ts'
import { users } from '../auth/auth.table.ts'
import { onboardingAgents, onboardingInvitations } from './onboarding.table.ts'

let test: TestApp
let admin: SignedInUser

beforeAll(async () => {
  test = await buildTestApp({ env: { PUBLIC_URL: 'https://backoffice.example' } })
  admin = await signUp(test)
})
afterAll(() => test.close())

const post = (url: string, payload: object, cookie?: string) =>
  test.request({ method: 'POST', url, payload, ...(cookie ? { cookie } : {}) })

describe('POST /api/agency-onboarding/agents', () => {
  it('records the agent on the default workflow and mails a one-time link valid for 7 days', async () => {
    const before = Date.now()
    const { agent, input, invitation } = (await addOnboardingAgent(test, admin)) as never as {
      agent: Record<string, unknown>
      input: { email: string; agentId: string }
      invitation: { sentTo: string; expiresAt: string; delivery: string }
    }
    expect(agent).toMatchObject({
      agentId: input.agentId,
      accountStatus: 'invited',
      workflowName: 'Standard Agent Onboarding',
    })
    expect(invitation.sentTo).toBe(input.email)
    expect(invitation.delivery).toBe('outbox')
    const days = (Date.parse(invitation.expiresAt) - before) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThan(7.01)
    const token = await invitationTokenFor(test, input.email)
    // Only the token's SHA-256 is kept.
    const stored = await test.db.select().from(onboardingInvitations)
    expect(stored.some((row) => row.id === token)).toBe(false)
    const preview = await post('/api/agency-onboarding/invitations/preview', { token })
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({ email: input.email, agencyName: admin.user.agencyName })
  })

  it('answers the new-agent message when a required field is missing, and refuses unknown departments', async () => {
    const missing = await post('/api/agency-onboarding/agents', { agentId: '', firstName: 'A' }, admin.cookie)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe(T.newAgentRequired)
    const unknown = await post(
      '/api/agency-onboarding/agents',
      newAgentInput({ department: 'marketing' as never }),
      admin.cookie,
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors).toEqual([{ path: 'department', message: T.department }])
  })

  it('refuses the same person twice: the same agent ID (whatever its case) or the same email', async () => {
    const { input } = await addOnboardingAgent(test, admin)
    const sameId = await post(
      '/api/agency-onboarding/agents',
      newAgentInput({ agentId: input.agentId.toLowerCase() }),
      admin.cookie,
    )
    expect(sameId.statusCode).toBe(409)
    expect(sameId.json().errors).toEqual([{ path: 'agentId', message: T.agentIdTaken }])
    const sameEmail = await post(
      '/api/agency-onboarding/agents',
      newAgentInput({ email: input.email.toUpperCase() }),
      admin.cookie,
    )
    expect(sameEmail.statusCode).toBe(409)
    expect(sameEmail.json().message).toBe(T.agentEmailTaken.replace('{agentId}', input.agentId))
  })

  it('refuses someone who already has an account with another agency', async () => {
    const elsewhere = await signUp(test)
    const response = await post(
      '/api/agency-onboarding/agents',
      newAgentInput({ email: elsewhere.email }),
      admin.cookie,
    )
    expect(response.statusCode).toBe(409)
    expect(response.json().message).toBe(T.emailOtherAgency)
  })

  it('links a colleague who already has an account in this agency instead of inviting them', async () => {
    const colleague = await addAgent(test, admin.user.agencyId)
    const response = await post(
      '/api/agency-onboarding/agents',
      newAgentInput({ email: colleague.email }),
      admin.cookie,
    )
    expect(response.statusCode).toBe(201)
    expect(response.json().invitation).toBeNull()
    expect(response.json().agent.accountStatus).toBe('joined')
  })

  it('is for agency admins only', async () => {
    const colleague = await addAgent(test, admin.user.agencyId)
    const response = await post('/api/agency-onboarding/agents', newAgentInput(), colleague.cookie)
    expect(response.statusCode).toBe(403)
  })
})

describe('POST /api/agency-onboarding/invitations/accept', () => {
  it('sets the password and joins the agency as an agent, once', async () => {
    const { input, agent } = await addOnboardingAgent(test, admin)
    const token = await invitationTokenFor(test, input.email)
    const cookie = await joinAsAgent(test, input.email, 'a strong new password')
    const me = await test.request({ method: 'GET', url: '/api/auth/user', cookie })
    expect(me.json()).toMatchObject({ email: input.email, role: 'agent', agencyId: admin.user.agencyId })
    const [row] = await test.db.select().from(onboardingAgents).where(eq(onboardingAgents.id, agent.id))
    expect(row!.userId).toBe(me.json().id)
    const again = await post('/api/agency-onboarding/invitations/accept', {
      token,
      password: 'another password',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(T.invitationUsed)
    // The inviter hears about it.
    const bell = await test.request({ method: 'GET', url: '/api/notifications', cookie: admin.cookie })
    expect(JSON.stringify(bell.json())).toContain('An agent joined your agency')
  })

  it('refuses an expired link and an unknown one, and a new link replaces the old', async () => {
    const { input, agent } = await addOnboardingAgent(test, admin)
    const first = await invitationTokenFor(test, input.email)
    await test.db.execute(
      sql`UPDATE onboarding_invitations SET expires_at = now() - interval '1 second' WHERE agent_id = ${agent.id}`,
    )
    const expired = await post('/api/agency-onboarding/invitations/accept', {
      token: first,
      password: 'password 123',
    })
    expect(expired.statusCode).toBe(409)
    expect(expired.json().message).toBe(T.invitationExpired)
    const resent = await post(`/api/agency-onboarding/agents/${agent.id}/invitation`, {}, admin.cookie)
    expect(resent.statusCode).toBe(200)
    const second = await invitationTokenFor(test, input.email)
    expect(second).not.toBe(first)
    const old = await post('/api/agency-onboarding/invitations/preview', { token: first })
    expect(old.statusCode).toBe(404)
    expect(old.json().message).toBe(T.invitationInvalid)
    const unknown = await post('/api/agency-onboarding/invitations/preview', { token: 'x'.repeat(43) })
    expect(unknown.statusCode).toBe(404)
    expect(
      (await post('/api/agency-onboarding/invitations/accept', { token: second, password: 'password 123' }))
        .statusCode,
    ).toBe(200)
  })

  it('cannot be used to join another agency', async () => {
    const other = await signUp(test)
    const { input } = await addOnboardingAgent(test, admin)
    const token = await invitationTokenFor(test, input.email)
    // A signed-in member of another agency, naming their own agency: the link still joins only its own.
    const response = await test.request({
      method: 'POST',
      url: '/api/agency-onboarding/invitations/accept',
      cookie: other.cookie,
      payload: { token, password: 'password 123', agencyId: other.user.agencyId },
    })
    expect(response.statusCode).toBe(200)
    const [user] = await test.db.select().from(users).where(eq(users.email, input.email))
    expect(user!.agencyId).toBe(admin.user.agencyId)
    // And another agency cannot add the person who joined here.
    const taken = await post(
      '/api/agency-onboarding/agents',
      newAgentInput({ email: input.email }),
      other.cookie,
    )
    expect(taken.statusCode).toBe(409)
    expect(taken.json().message).toBe(T.emailOtherAgency)
  })

  it('refuses a short password without spending the link', async () => {
    const { input } = await addOnboardingAgent(test, admin)
    const token = await invitationTokenFor(test, input.email)
    const short = await post('/api/agency-onboarding/invitations/accept', { token, password: 'short' })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toBe('Password must be at least 8 characters')
    expect((await post('/api/agency-onboarding/invitations/preview', { token })).statusCode).toBe(200)
  })
})

describe('GET /api/agency-onboarding/agents', () => {
  it('lists the agency’s agents for an admin, and only themselves for an agent', async () => {
    const { input } = await addOnboardingAgent(test, admin, { firstName: 'Searchable' })
    const found = await test.request({
      method: 'GET',
      url: '/api/agency-onboarding/agents?q=searchable',
      cookie: admin.cookie,
    })
    expect(found.json().agents.map((a: { agentId: string }) => a.agentId)).toEqual([input.agentId])
    const cookie = await joinAsAgent(test, input.email)
    const own = await test.request({ method: 'GET', url: '/api/agency-onboarding/agents', cookie })
    expect(own.json().agents.map((a: { agentId: string }) => a.agentId)).toEqual([input.agentId])
  })
})
