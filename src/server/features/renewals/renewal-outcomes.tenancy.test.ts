import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RENEWAL_OUTCOME_TEXTS } from '#shared/contracts/renewals-texts.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { addClient, catalogueCarriers } from '../policies/policies.test-support.ts'
import { enteredRenewal } from './renewal-outcomes.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const missing = '00000000-0000-4000-8000-000000000000'

describe('remarketing, comparing and renewing a renewal', () => {
  it('answer 401 without a session', async () => {
    for (const [method, url] of [
      ['POST', `/api/renewals/${missing}/remarket`],
      ['GET', `/api/renewals/${missing}/quotes`],
      ['POST', `/api/renewals/${missing}/renew`],
    ] as const) {
      const response = await test.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('answer 404 for another agency’s renewal, as for a missing one, and change nothing', async () => {
    let ownerRenewal: { id: string } | undefined
    let owner: SignedInUser | undefined
    const create = async (_: TestApp, user: SignedInUser) => {
      const [carrier] = await catalogueCarriers(test, user)
      const { renewal } = await enteredRenewal(test, user, {
        clientId: await addClient(test, user),
        carrierId: carrier!.id,
      })
      owner = user
      ownerRenewal = renewal
      return renewal.id as string
    }
    await expectOtherAgencyGets404(test, [
      { method: 'POST', url: (id) => `/api/renewals/${id}/remarket`, payload: {}, create },
      { method: 'GET', url: (id) => `/api/renewals/${id}/quotes`, create },
      { method: 'POST', url: (id) => `/api/renewals/${id}/renew`, payload: {}, create },
    ])
    const after = await test.request({
      method: 'GET',
      url: `/api/renewals/${ownerRenewal!.id}`,
      cookie: owner!.cookie,
    })
    expect(after.json()).toMatchObject({ stage: 'upcoming', remarketApplicationId: null })
  })
})

describe('bad input to remarket and renew', () => {
  it('gets 400 with the field’s message, never 500', async () => {
    const user = await signUp(test)
    const [carrier] = await catalogueCarriers(test, user)
    const { renewal } = await enteredRenewal(test, user, {
      clientId: await addClient(test, user),
      carrierId: carrier!.id,
    })
    const call = (path: string, payload: object) =>
      test.request({
        method: 'POST',
        url: `/api/renewals/${renewal.id}/${path}`,
        cookie: user.cookie,
        payload,
      })
    const cases: [string, object, { path: string; message: string }][] = [
      [
        'remarket',
        { carrierIds: ['carrier-1'] },
        { path: 'carrierIds.0', message: RENEWAL_OUTCOME_TEXTS.unknownCarrier },
      ],
      ['renew', { quoteId: 'quote-1' }, { path: 'quoteId', message: RENEWAL_OUTCOME_TEXTS.unknownQuote }],
      [
        'renew',
        { quoteId: missing, policyNumber: ' ' },
        { path: 'policyNumber', message: RENEWAL_OUTCOME_TEXTS.policyNumberRequired },
      ],
    ]
    for (const [path, payload, error] of cases) {
      const response = await call(path, payload)
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400)
      expect(response.json().errors).toContainEqual(error)
    }
    const unknownField = await call('remarket', { carriers: [] })
    expect(unknownField.statusCode).toBe(400)
  })
})
