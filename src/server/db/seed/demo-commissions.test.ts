import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommissionJobs } from '#server/features/commissions/commissions.test-support.ts'
import { buildTestApp, TEST_CIPHER, type TestApp } from '#test/build-test-app.ts'
import { sessionCookieOf } from '#test/factories.ts'
import { seedDemoData } from './index.ts'

let test: TestApp
let cookie: string
let agencyId: string

beforeAll(async () => {
  test = await buildTestApp()
  await seedDemoData(test.db, { cipher: TEST_CIPHER, storage: test.storage })
  cookie = sessionCookieOf(await test.request({ method: 'GET', url: '/api/auth/demo-login' }))
  agencyId = (await test.request({ method: 'GET', url: '/api/auth/user', cookie })).json().agencyId
})
afterAll(() => test.close())

const get = (url: string) => test.request({ method: 'GET', url, cookie }).then((r) => r.json())

describe('the demo agency’s commissions', () => {
  it('has a dated schedule, and once the worker catches up every policy earns its expected commission', async () => {
    const schedules = await get('/api/commissions/schedules')
    expect(JSON.stringify(schedules)).toContain('"newBusinessRate":14')
    await runCommissionJobs(test, agencyId)
    const { policies } = await get('/api/policies?limit=5')
    for (const policy of policies) {
      const commission = await get(`/api/commissions/policies/${policy.id}`)
      expect(JSON.stringify(commission), policy.policyNumber).toMatch(/"expectedCommission":-?[1-9]/)
    }
  })
})
