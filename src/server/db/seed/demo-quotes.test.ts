import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, TEST_CIPHER, type TestApp } from '#test/build-test-app.ts'
import { sessionCookieOf } from '#test/factories.ts'
import { seedDemoData } from './index.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
  await seedDemoData(test.db, { cipher: TEST_CIPHER, storage: test.storage })
})
afterAll(() => test.close())

describe('the demo’s quotes', () => {
  it('gives three new applications their carriers’ answers to compare, open from today', async () => {
    const cookie = sessionCookieOf(await test.request({ method: 'GET', url: '/api/auth/demo-login' }))
    const list = await test.request({ method: 'GET', url: '/api/applications?limit=100', cookie })
    // The remarketed renewal's application has its own quotes (demo-renewals.test.ts).
    const renewals = await test.request({ method: 'GET', url: '/api/renewals?stage=quoted', cookie })
    const remarketed = new Set(
      renewals.json().renewals.map((r: { remarketApplicationId: string }) => r.remarketApplicationId),
    )
    const applications: { id: string; insuranceType: string }[] = list
      .json()
      .data.filter((application: { id: string }) => !remarketed.has(application.id))
    const compared = await Promise.all(
      applications.map(async (application) => {
        const answer = await test.request({
          method: 'GET',
          url: `/api/applications/${application.id}/quotes`,
          cookie,
        })
        return { type: application.insuranceType, quotes: answer.json().quotes as { status: string }[] }
      }),
    )
    const quoted = compared.filter((each) => each.quotes.length > 0)
    expect(quoted.map((each) => each.type).sort()).toEqual(['auto', 'life', 'property'])
    expect(quoted.every((each) => each.quotes.length === 2)).toBe(true)
    const statuses = quoted.flatMap((each) => each.quotes.map((quote) => quote.status)).sort()
    expect(statuses).toEqual(['declined', 'offered', 'offered', 'offered', 'offered', 'offered'])
  })
})
