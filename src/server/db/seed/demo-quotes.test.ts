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
  it('gives three applications their carriers’ answers to compare, open from today', async () => {
    const cookie = sessionCookieOf(await test.request({ method: 'GET', url: '/api/auth/demo-login' }))
    const list = await test.request({ method: 'GET', url: '/api/applications?limit=100', cookie })
    const applications: { id: string; insuranceType: string }[] = list.json().data
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
