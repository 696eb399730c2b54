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

const get = (url: string) => test.request({ method: 'GET', url, cookie }).then((r) => r.json())

async function everyPolicy() {
  const all: { lineOfBusiness: string; carrierId: string; status: string; id: string }[] = []
  let cursor: string | null = null
  do {
    const page = await get(`/api/policies?limit=100${cursor ? `&cursor=${cursor}` : ''}`)
    all.push(...page.policies)
    cursor = page.nextCursor
  } while (cursor)
  return all
}

describe('the demo agency’s book', () => {
  it('holds about 150 policies over every line and a dozen carriers, some expiring soon, some endorsed or cancelled', async () => {
    const policies = await everyPolicy()
    expect(policies.length).toBeGreaterThanOrEqual(140)
    expect(new Set(policies.map((p) => p.lineOfBusiness)).size).toBe(5)
    expect(new Set(policies.map((p) => p.carrierId)).size).toBeGreaterThanOrEqual(12)
    const statuses = new Set(policies.map((p) => p.status))
    for (const status of ['active', 'expired', 'cancelled']) expect(statuses).toContain(status)
    expect((await get('/api/policies?expiringWithinDays=30')).policies.length).toBeGreaterThan(3)
    const kinds = new Set<string>()
    for (const policy of policies.slice(0, 40)) {
      for (const term of (await get(`/api/policies/${policy.id}`)).terms)
        for (const transaction of term.transactions) kinds.add(transaction.kind)
    }
    expect(kinds).toContain('endorsement')
    expect(kinds).toContain('cancellation')
  })
})
