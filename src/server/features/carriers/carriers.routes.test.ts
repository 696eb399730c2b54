import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARRIER_TEXTS, type Carrier } from '#shared/contracts/carriers.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'

let test: TestApp
let owner: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
})
afterAll(() => test.close())

const list = async (user: SignedInUser, query = '') =>
  (await test.request({ method: 'GET', url: `/api/carriers${query}`, cookie: user.cookie })).json()
    .data as Carrier[]

async function addCarrier(user: SignedInUser, overrides: Record<string, unknown> = {}) {
  const response = await test.request({
    method: 'POST',
    url: '/api/carriers',
    cookie: user.cookie,
    payload: {
      name: 'Harbor Test Mutual',
      code: 'htm-1',
      state: 'CA',
      supportedTypes: ['auto', 'life'],
      ...overrides,
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as Carrier
}

describe('carriers', () => {
  it('lists the fictional catalogue of 95 carriers with varied attributes', async () => {
    const carriers = await list(owner)
    expect(carriers).toHaveLength(95)
    expect(new Set(carriers.map((c) => c.financialStrength)).size).toBeGreaterThan(3)
    expect(carriers.every((c) => c.isCatalogue && c.supportedTypes.length > 0 && c.states.length >= 3)).toBe(
      true,
    )
    expect(carriers.some((c) => !c.isActive)).toBe(true)
    const auto = await list(owner, '?type=auto')
    expect(auto.length).toBeGreaterThan(10)
    expect(auto.every((c) => c.supportedTypes.includes('auto'))).toBe(true)
    const search = await list(owner, `?q=${carriers[0]!.code.toLowerCase()}`)
    expect(search.map((c) => c.id)).toContain(carriers[0]!.id)
  })

  it('adds an agency carrier with its code upper-cased, active, and refuses a repeated code', async () => {
    const carrier = await addCarrier(owner)
    expect(carrier).toMatchObject({
      code: 'HTM-1',
      isActive: true,
      isCatalogue: false,
      submissionMethod: 'api',
      states: ['CA'],
    })
    const again = await test.request({
      method: 'POST',
      url: '/api/carriers',
      cookie: owner.cookie,
      payload: { name: 'Other', code: 'HTM-1', state: 'TX', supportedTypes: ['auto'] },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().errors).toEqual([{ path: 'code', message: CARRIER_TEXTS.codeTaken }])
  })

  it('requires at least one insurance type, a name, a code and a primary state', async () => {
    const response = await test.request({
      method: 'POST',
      url: '/api/carriers',
      cookie: owner.cookie,
      payload: { name: '', code: '', state: 'ZZ', supportedTypes: [] },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { path: 'name', message: CARRIER_TEXTS.nameRequired },
      { path: 'code', message: CARRIER_TEXTS.codeRequired },
      { path: 'state', message: CARRIER_TEXTS.stateRequired },
      { path: 'supportedTypes', message: CARRIER_TEXTS.typeRequired },
    ])
  })

  it('switches a catalogue carrier off for one agency only', async () => {
    const other = await signUp(test)
    const target = (await list(owner)).find((c) => c.isActive)!
    const off = await test.request({
      method: 'PUT',
      url: `/api/carriers/${target.id}/active`,
      cookie: owner.cookie,
      payload: { isActive: false },
    })
    expect(off.json()).toMatchObject({ id: target.id, isActive: false, status: 'offline' })
    expect((await list(owner)).find((c) => c.id === target.id)!.isActive).toBe(false)
    expect((await list(other)).find((c) => c.id === target.id)!.isActive).toBe(true)
  })

  it('names the active API carriers', async () => {
    const response = await test.request({
      method: 'GET',
      url: '/api/carriers/supported-apis',
      cookie: owner.cookie,
    })
    const slugs: string[] = response.json().supportedCarriers
    expect(slugs.length).toBeGreaterThan(10)
    expect(slugs.every((slug) => /^[a-z0-9-]+$/.test(slug))).toBe(true)
  })

  it("keeps an agency's own carrier from every other agency", async () => {
    await expectOtherAgencyGets404(test, [
      {
        method: 'GET',
        url: (id) => `/api/carriers/${id}`,
        create: async (_t, u) => (await addCarrier(u, { code: `X${Date.now() % 100000}` })).id,
      },
      {
        method: 'PUT',
        url: (id) => `/api/carriers/${id}/active`,
        payload: { isActive: false },
        create: async (_t, u) => (await addCarrier(u, { code: `Y${Date.now() % 100000}` })).id,
      },
    ])
  })
})
