import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Renewal } from '#shared/contracts/renewals.contract.ts'
import { RENEWAL_STAGES } from '#shared/domain/renewal-pipeline.ts'
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

const get = async (url: string) => {
  const response = await test.request({ method: 'GET', url, cookie })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe('the demo agency’s renewals', () => {
  it('has renewals at every stage, two open ones at risk, and one remarketed with quotes back', async () => {
    const { renewals } = (await get('/api/renewals?limit=200')) as { renewals: Renewal[] }
    const stages = new Set(renewals.map((renewal) => renewal.stage))
    for (const stage of RENEWAL_STAGES) expect(stages, stage).toContain(stage)
    const open = renewals.filter((renewal) => !['renewed', 'lost', 'non_renewed'].includes(renewal.stage))
    expect(open.filter((renewal) => renewal.atRisk)).toHaveLength(2)
    // At risk first, as the list promises.
    expect(renewals.slice(0, 2).every((renewal) => renewal.atRisk)).toBe(true)
    const quoted = renewals.find((renewal) => renewal.stage === 'quoted')!
    expect(quoted.remarketApplicationId).not.toBeNull()
    const comparison = await get(`/api/renewals/${quoted.id}/quotes`)
    expect(comparison.offer).not.toBeNull()
    expect(comparison.quotes.length).toBeGreaterThanOrEqual(2)
  })

  it('has a year of closed renewals behind it for the retention figures', async () => {
    const retention = await get('/api/renewals/retention')
    expect(retention.total.closed).toBeGreaterThanOrEqual(10)
    expect(retention.total.renewed).toBeGreaterThan(0)
    expect(retention.total.renewed).toBeLessThan(retention.total.closed)
    expect(retention.lostReasons.filter((row: { count: number }) => row.count > 0).length).toBeGreaterThan(1)
    expect(retention.premiumChange.median).not.toBeNull()
  })
})
