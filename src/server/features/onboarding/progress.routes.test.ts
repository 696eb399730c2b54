import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { addDays, isoDay } from '#shared/domain/license-status.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { addOnboardingAgent, joinAsAgent } from '#test/onboarding.ts'

let test: TestApp
let admin: SignedInUser

beforeAll(async () => {
  test = await buildTestApp()
  admin = await signUp(test)
})
afterAll(() => test.close())

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = admin.cookie) =>
  test.request({ method, url: `/api/agency-onboarding${url}`, cookie, ...(payload ? { payload } : {}) })

async function rowOf(agentId: string) {
  const answer = (await call('GET', `/progress?agentId=${agentId}`)).json()
  return { row: answer.agents[0], steps: answer.steps as { id: string; state: string }[] }
}

describe('GET /api/agency-onboarding/progress', () => {
  it('moves the checklist and progress with the agent’s real records', async () => {
    const { input } = await addOnboardingAgent(test, admin)
    const { agentId } = input
    let { row, steps } = await rowOf(agentId)
    expect(row).toMatchObject({
      personalInfoComplete: true,
      licenseVerificationComplete: false,
      completedSteps: 1,
      totalSteps: 7,
      overallProgress: 14,
      status: 'in_progress',
      currentStep: 'License Verification',
      // License (2) → E&O (2) → Training (7) → Carrier appointments (5): the longest remaining path.
      estimatedDaysLeft: 16,
      estimatedCompletionDate: addDays(isoDay(), 16),
    })
    expect(steps.map((step) => step.state)).toEqual([
      'done',
      'ready',
      'ready',
      'waiting',
      'waiting',
      'waiting',
      'waiting',
    ])

    await call('POST', '/licenses', {
      agentId,
      licenseNumber: 'L-1',
      state: 'TX',
      licenseType: 'Broker',
      expirationDate: addDays(isoDay(), 400),
    })
    const expiredEo = (
      await call('POST', '/documents', {
        agentId,
        documentType: 'eo_insurance',
        documentName: 'Old E&O',
        expirationDate: addDays(isoDay(), -1),
      })
    ).json()
    await call('PATCH', `/documents/${expiredEo.id}`, { status: 'approved' })
    ;({ row } = await rowOf(agentId))
    expect(row).toMatchObject({
      licenseVerificationComplete: true,
      eoInsuranceComplete: false,
      completedSteps: 2,
    })

    const eo = (
      await call('POST', '/documents', {
        agentId,
        documentType: 'eo_insurance',
        documentName: 'E&O',
        expirationDate: addDays(isoDay(), 300),
      })
    ).json()
    await call('PATCH', `/documents/${eo.id}`, { status: 'approved' })
    const bg = (
      await call('POST', '/documents', {
        agentId,
        documentType: 'background_check',
        documentName: 'Background',
      })
    ).json()
    await call('PATCH', `/documents/${bg.id}`, { status: 'approved' })
    const session = (
      await call('POST', '/training', {
        agentId,
        title: 'Compliance 101',
        scheduledDate: new Date().toISOString(),
      })
    ).json()
    ;({ row } = await rowOf(agentId))
    expect(row).toMatchObject({
      eoInsuranceComplete: true,
      backgroundCheckComplete: true,
      trainingComplete: false,
      completedSteps: 4,
    })

    await call('PATCH', `/training/${session.id}`, { status: 'completed', attendanceConfirmed: true })
    ;({ row } = await rowOf(agentId))
    expect(row).toMatchObject({
      trainingComplete: true,
      systemSetupComplete: false,
      completedSteps: 5,
      overallProgress: 71,
    })

    await joinAsAgent(test, input.email)
    ;({ row, steps } = await rowOf(agentId))
    expect(row).toMatchObject({
      systemSetupComplete: true,
      completedSteps: 6,
      joined: true,
      currentStep: 'Carrier Appointments',
    })
    expect(row.estimatedDaysLeft).toBe(5)
  })

  it('counts a step done only after its dependencies: a license alone does not finish E&O before it', async () => {
    const { input } = await addOnboardingAgent(test, admin, { phone: '' })
    const eo = (
      await call('POST', '/documents', {
        agentId: input.agentId,
        documentType: 'eo_insurance',
        documentName: 'E&O',
      })
    ).json()
    await call('PATCH', `/documents/${eo.id}`, { status: 'approved' })
    const { row, steps } = await rowOf(input.agentId)
    // Personal information is incomplete (no phone), so nothing after it counts yet.
    expect(row).toMatchObject({
      personalInfoComplete: false,
      eoInsuranceComplete: true,
      completedSteps: 0,
      status: 'not_started',
    })
    expect(steps.find((step) => step.id === 'eo-insurance')?.state).toBe('waiting')
  })

  it('marks an agent blocked by a rejected required document', async () => {
    const { input } = await addOnboardingAgent(test, admin)
    const doc = (
      await call('POST', '/documents', { agentId: input.agentId, documentType: 'w9', documentName: 'W-9' })
    ).json()
    await call('PATCH', `/documents/${doc.id}`, { status: 'rejected' })
    expect((await rowOf(input.agentId)).row.status).toBe('blocked')
  })

  it('filters, sorts, pages and summarises, with the latest five updates', async () => {
    const answer = (await call('GET', '/progress?status=not_started&sort=agent_id&limit=1')).json()
    expect(answer.agents).toHaveLength(1)
    expect(answer.agents[0].status).toBe('not_started')
    expect(answer.summary.totalAgents).toBeGreaterThanOrEqual(3)
    expect(Object.values(answer.summary.bands as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(
      answer.summary.totalAgents,
    )
    expect(answer.recentUpdates.length).toBeLessThanOrEqual(5)
    const search = (await call('GET', `/progress?q=${answer.agents[0].agentId}`)).json()
    expect(search.agents.map((row: { agentId: string }) => row.agentId)).toEqual([answer.agents[0].agentId])
    const badStatus = await call('GET', '/progress?status=paused')
    expect(badStatus.statusCode).toBe(400)
    expect(badStatus.json().message).toBe(T.progressStatus)
  })

  it('exports the agent table as CSV', async () => {
    const response = await call('GET', '/progress.csv?sort=agent_id')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="onboarding-progress-/)
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toContain('Agent ID,First Name,Last Name,Email')
    const total = (await call('GET', '/progress')).json().total
    expect(lines).toHaveLength(total + 1)
  })
})

describe('the figures a process keeps', () => {
  it('keeps an agency’s figures while its counter stands, and reads again once any change moves it', async () => {
    const { input } = await addOnboardingAgent(test, admin)
    const license = (
      await call('POST', '/licenses', {
        agentId: input.agentId,
        licenseNumber: 'C-1',
        state: 'TX',
        licenseType: 'Broker',
      })
    ).json()
    const inForce = async () =>
      (await call('GET', '/progress?sort=agent_id&limit=500'))
        .json()
        .agents.find((row: { agentId: string }) => row.agentId === input.agentId).licenseVerificationComplete
    expect(await inForce()).toBe(true)
    // A row changed behind the app's back (no counter): the kept figures still stand …
    await test.db.execute(sql`UPDATE agent_licenses SET status = 'revoked' WHERE id = ${license.id}`)
    expect(await inForce()).toBe(true)
    // … until the counter moves, as every change through the app (in any process) moves it.
    await test.db.execute(
      sql`UPDATE onboarding_versions SET version = version + 1 WHERE agency_id = ${admin.user.agencyId}`,
    )
    expect(await inForce()).toBe(false)
  })
})

describe('GET /api/agency-onboarding/dashboard', () => {
  it('answers {dashboard, stats} over the agency', async () => {
    const answer = (await call('GET', '/dashboard')).json()
    expect(Object.keys(answer).sort()).toEqual(['dashboard', 'stats', 'total'])
    expect(answer.stats.totalAgents).toBe(answer.total)
    expect(answer.stats.licensesActive).toBeGreaterThanOrEqual(1)
    expect(answer.stats.trainingsCompleted).toBeGreaterThanOrEqual(1)
    expect(answer.dashboard[0]).toHaveProperty('estimatedCompletionDate')
  })

  it('shows an agent only their own figures', async () => {
    const { input } = await addOnboardingAgent(test, admin)
    const cookie = await joinAsAgent(test, input.email)
    const answer = (await call('GET', '/dashboard', undefined, cookie)).json()
    expect(answer.stats.totalAgents).toBe(1)
    expect(answer.dashboard.map((row: { agentId: string }) => row.agentId)).toEqual([input.agentId])
    const progress = (await call('GET', '/progress', undefined, cookie)).json()
    expect(progress.summary.totalAgents).toBe(1)
  })
})

describe('workflows', () => {
  const manualStep = (id: string, dependencies: string[] = []) => ({
    id,
    title: `Step ${id}`,
    description: 'Done by hand',
    required: true,
    estimatedDays: 2,
    dependencies,
  })

  it('creates a workflow with dependencies and refuses a cycle or a missing step with a message', async () => {
    const created = await call('POST', '/workflows', {
      name: 'Mentored path',
      description: 'With a mentor',
      steps: [manualStep('a'), manualStep('b', ['a']), manualStep('c', ['a'])],
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ isActive: true, totalEstimatedDays: 6, criticalPathDays: 4 })
    const cycle = await call('POST', '/workflows', {
      name: 'Loop',
      description: 'Never ends',
      steps: [manualStep('a', ['b']), manualStep('b', ['a'])],
    })
    expect(cycle.statusCode).toBe(400)
    expect(cycle.json().errors).toEqual([
      {
        path: 'steps',
        message:
          "These steps depend on each other in a circle, so none of them could ever start: 'Step a' → 'Step b' → 'Step a'.",
      },
    ])
    const missing = await call('POST', '/workflows', {
      name: 'x',
      description: 'y',
      steps: [manualStep('a', ['zz'])],
    })
    expect(missing.json().message).toBe(
      "Step 'Step a' depends on 'zz', which is not a step of this workflow.",
    )
    const empty = await call('POST', '/workflows', { name: 'x', description: 'y', steps: [] })
    expect(empty.json().message).toBe(T.required)
  })

  it('completes a step by hand only after the steps it depends on, never one records complete', async () => {
    const workflow = (
      await call('POST', '/workflows', {
        name: 'Two steps',
        description: 'A then B',
        steps: [
          manualStep('a'),
          manualStep('b', ['a']),
          { ...manualStep('lic'), checks: 'licenseVerification' },
        ],
      })
    ).json()
    const { agent } = await addOnboardingAgent(test, admin, { workflowId: workflow.id })
    const complete = (step: string) => call('POST', `/agents/${agent.id}/steps/${step}/complete`, {})
    const early = await complete('b')
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toBe(T.stepWaiting.replace('{steps}', "'Step a'"))
    expect((await complete('lic')).json().message).toBe(
      T.stepByRecords.replace('{item}', 'License Verification'),
    )
    expect((await complete('a')).statusCode).toBe(200)
    expect((await complete('a')).json().message).toBe(T.stepDone)
    expect((await complete('b')).statusCode).toBe(200)
    expect((await complete('nope')).statusCode).toBe(404)
    const { row } = await rowOf(agent.agentId)
    expect(row).toMatchObject({ completedSteps: 2, totalSteps: 3, workflowName: 'Two steps' })
  })

  it('lists workflows with their agents, and only admins create them', async () => {
    const listed = (await call('GET', '/workflows')).json()
    expect(
      listed.find((w: { name: string }) => w.name === 'Standard Agent Onboarding').agentCount,
    ).toBeGreaterThan(0)
    const { input } = await addOnboardingAgent(test, admin)
    const cookie = await joinAsAgent(test, input.email)
    const refused = await call(
      'POST',
      '/workflows',
      { name: 'x', description: 'y', steps: [manualStep('a')] },
      cookie,
    )
    expect(refused.statusCode).toBe(403)
  })
})
