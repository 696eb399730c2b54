import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quoteComparisonPdfPath } from '#shared/contracts/quotes.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { applicationWithTwoCarriers, enterQuote, quoteInput } from './quotes.test-support.ts'

// Every quotes call, old and new: a new route joins both lists.
let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

describe('tenancy and sessions', () => {
  it('answers 401 without a session on every quotes call', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    for (const [method, url] of [
      ['GET', `/api/applications/${id}/quotes`],
      ['GET', quoteComparisonPdfPath(id)],
      ['GET', '/api/quotes/variance'],
      ['POST', `/api/applications/${id}/quotes`],
      ['POST', `/api/applications/${id}/declines`],
      ['POST', `/api/quotes/${id}/bind`],
    ] as const) {
      const response = await test.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })
      expect(response.statusCode, url).toBe(401)
    }
  })

  it('answers 404 for another agency’s application and quote, changing nothing', async () => {
    const someCarrier = '00000000-0000-4000-8000-000000000001'
    const application = async (test: TestApp, user: SignedInUser) => {
      const made = await applicationWithTwoCarriers(test, user)
      return made.application.id
    }
    const quote = async (test: TestApp, user: SignedInUser) => {
      const made = await applicationWithTwoCarriers(test, user)
      return (await enterQuote(test, user, made.application.id, quoteInput(made.carriers[0]!.id))).id
    }
    await expectOtherAgencyGets404(test, [
      { method: 'GET', url: (id) => `/api/applications/${id}/quotes`, create: application },
      { method: 'GET', url: quoteComparisonPdfPath, create: application },
      {
        method: 'POST',
        url: (id) => `/api/applications/${id}/quotes`,
        payload: quoteInput(someCarrier),
        create: application,
      },
      {
        method: 'POST',
        url: (id) => `/api/applications/${id}/declines`,
        payload: { carrierId: someCarrier, reason: 'No' },
        create: application,
      },
      {
        method: 'POST',
        url: (id) => `/api/quotes/${id}/bind`,
        payload: { effectiveDate: '2026-03-01', policyNumber: 'P-1' },
        create: quote,
      },
    ])
  })
})
