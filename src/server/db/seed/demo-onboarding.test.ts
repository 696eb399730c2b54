import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, TEST_CIPHER, type TestApp } from '#test/build-test-app.ts'
import { seedDemoData } from './index.ts'

let test: TestApp
let cookie: string

beforeAll(async () => {
  test = await buildTestApp()
  await seedDemoData(test.db, { cipher: TEST_CIPHER, storage: test.storage })
  const login = await test.request({ method: 'GET', url: '/api/auth/demo-login' })
  cookie = String(login.headers['set-cookie']).split(';')[0]!
})
afterAll(() => test.close())

const get = (url: string) =>
  test.request({ method: 'GET', url: `/api/agency-onboarding${url}`, cookie }).then((r) => r.json())

describe('the demo agency’s onboarding', () => {
  it('has agents at different stages, a license expiring soon and two workflows', async () => {
    const progress = await get('/progress?sort=agent_id')
    expect(
      progress.agents.map((row: { agentId: string; status: string }) => [row.agentId, row.status]),
    ).toEqual([
      ['AGT-1001', 'in_progress'],
      ['AGT-1002', 'in_progress'],
      ['AGT-1003', 'in_progress'],
      ['AGT-1004', 'blocked'],
      ['AGT-1005', 'not_started'],
    ])
    expect(progress.agents[0].overallProgress).toBe(86)
    const alerts = await get('/license-expiration')
    expect(alerts.map((alert: { daysUntilExpiration: number }) => alert.daysUntilExpiration)).toEqual([
      20, 60,
    ])
    const workflows = await get('/workflows')
    expect(workflows.map((w: { isActive: boolean }) => w.isActive)).toEqual([false, true])
    const documents = await get('/documents?agentId=AGT-1003')
    expect(documents[0].file.fileName).toBe('eo-certificate-demo.pdf')
  })

  it('is seeded once', async () => {
    await seedDemoData(test.db, { cipher: TEST_CIPHER, storage: test.storage })
    expect((await get('/progress')).total).toBe(5)
  })
})
