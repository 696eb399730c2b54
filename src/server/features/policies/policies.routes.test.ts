import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POLICY_TEXTS } from '#shared/contracts/policies.contract.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { samples, uploadBody } from '#test/file-fixtures.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from './policies.test-support.ts'

let test: TestApp
let owner: SignedInUser
let clientId: string
let carriers: { id: string; name: string }[]
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
  clientId = await addClient(test, owner)
  carriers = await catalogueCarriers(test, owner)
})
afterAll(() => test.close())

const today = new Date().toISOString().slice(0, 10)
/** A year's term running now, so changes can be dated inside it. */
const current = () => ({ effectiveDate: addDays(today, -100), expirationDate: addDays(today, 265) })

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, user = owner) =>
  test.request({
    method,
    url,
    cookie: user.cookie,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

describe('entering a policy', () => {
  it('keeps its first term and new-business transaction, the client as named insured and the agent as producer', async () => {
    const policy = await enterPolicy(
      test,
      owner,
      policyInput(clientId, carriers[0]!.id, { annualPremium: 1234.56 }),
    )
    expect(policy).toMatchObject({
      insuredName: 'Maria Gonzalez',
      carrierName: carriers[0]!.name,
      annualPremium: 1234.56,
      status: 'active',
      source: 'entered',
      producerUserId: owner.user.id,
    })
    expect(policy.terms).toHaveLength(1)
    expect(policy.terms[0].transactions).toMatchObject([
      { kind: 'new_business', premiumChange: 1234.56, effectiveDate: '2026-01-01' },
    ])
  })

  it('refuses a number the carrier already has, whatever its case and spaces, but not at another carrier', async () => {
    await enterPolicy(test, owner, policyInput(clientId, carriers[0]!.id, { policyNumber: 'HX 100-77' }))
    const again = await call(
      'POST',
      '/api/policies',
      policyInput(clientId, carriers[0]!.id, { policyNumber: 'hx100-77' }),
    )
    expect(again.statusCode).toBe(400)
    expect(again.json().errors).toEqual([{ path: 'policyNumber', message: POLICY_TEXTS.policyNumberTaken }])
    await enterPolicy(test, owner, policyInput(clientId, carriers[1]!.id, { policyNumber: 'HX 100-77' }))
  })

  it('answers bad input with field messages and writes nothing', async () => {
    const other = await signUp(test)
    const foreignClient = await addClient(test, other)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ annualPremium: -5 }, 'annualPremium', POLICY_TEXTS.premiumInvalid],
      [{ annualPremium: 10.005 }, 'annualPremium', POLICY_TEXTS.premiumInvalid],
      [{ expirationDate: '2025-12-31' }, 'expirationDate', POLICY_TEXTS.expirationBeforeEffective],
      [{ effectiveDate: '2026-02-30' }, 'effectiveDate', POLICY_TEXTS.dateInvalid],
      [{ policyNumber: ' ' }, 'policyNumber', POLICY_TEXTS.policyNumberRequired],
      [{ clientId: foreignClient }, 'clientId', POLICY_TEXTS.unknownClient],
      [{ carrierId: '00000000-0000-4000-8000-000000000000' }, 'carrierId', POLICY_TEXTS.unknownCarrier],
      [{ producerUserId: other.user.id }, 'producerUserId', POLICY_TEXTS.unknownProducer],
      [
        { policyNumber: 'A\u0000B' },
        'policyNumber',
        'Remove the invisible NUL character from this field: it cannot be saved.',
      ],
    ]
    const before = (await call('GET', '/api/policies?limit=100')).json().policies.length
    for (const [overrides, path, message] of cases) {
      const response = await call('POST', '/api/policies', policyInput(clientId, carriers[0]!.id, overrides))
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(response.json().errors, JSON.stringify(overrides)).toContainEqual({ path, message })
    }
    expect((await call('GET', '/api/policies?limit=100')).json().policies).toHaveLength(before)
  })
})

describe('changing a policy', () => {
  it('endorses inside the term, and the term’s premium follows', async () => {
    const policy = await enterPolicy(test, owner, policyInput(clientId, carriers[0]!.id, current()))
    const url = `/api/policies/${policy.id}/endorsements`
    const endorsed = await call('POST', url, {
      effectiveDate: today,
      premiumChange: 120.5,
      description: 'Added a teen driver',
    })
    expect(endorsed.statusCode).toBe(201)
    expect(endorsed.json()).toMatchObject({ status: 'active', annualPremium: 1320.5 })
    expect(endorsed.json().terms[0].writtenPremium).toBe(1320.5)
    const outside = await call('POST', url, {
      effectiveDate: addDays(today, 300),
      premiumChange: 1,
      description: 'Late',
    })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().errors[0].path).toBe('effectiveDate')
    const belowZero = await call('POST', url, {
      effectiveDate: today,
      premiumChange: -5000,
      description: 'Too much',
    })
    expect(belowZero.json().errors).toEqual([
      { path: 'premiumChange', message: POLICY_TEXTS.premiumBelowZero },
    ])
  })

  it('cancels pro-rata with the return premium shown first, then reinstates within the window', async () => {
    // A term of 365 days cancelled on its 182nd day: 184 days unused.
    const policy = await enterPolicy(
      test,
      owner,
      policyInput(clientId, carriers[0]!.id, { ...current(), annualPremium: 1200 }),
    )
    const cancellation = {
      effectiveDate: addDays(policy.effectiveDate, 181),
      reason: 'insured_request',
      method: 'pro_rata',
    }
    const preview = await call('POST', `/api/policies/${policy.id}/cancel/preview`, cancellation)
    expect(preview.statusCode).toBe(200)
    // 365 days in the term, 184 unused: 120000 × 184 / 365 = 60493.15… cents
    expect(preview.json().returnPremium).toBe(604.93)
    expect((await call('GET', `/api/policies/${policy.id}`)).json().terms[0].transactions).toHaveLength(1)
    const cancelled = await call('POST', `/api/policies/${policy.id}/cancel`, cancellation)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().returnPremium).toBe(604.93)
    expect(cancelled.json().policy).toMatchObject({ annualPremium: 595.07, canReinstate: true })
    expect(['cancelled', 'pending_cancellation']).toContain(cancelled.json().policy.status)
    const endorse = await call('POST', `/api/policies/${policy.id}/endorsements`, {
      effectiveDate: today,
      premiumChange: 1,
      description: 'After cancelling',
    })
    expect(endorse.statusCode).toBe(409)
    const reinstated = await call('POST', `/api/policies/${policy.id}/reinstate`, {})
    expect(reinstated.statusCode).toBe(200)
    expect(reinstated.json()).toMatchObject({ status: 'active', annualPremium: 1200, cancellationDate: null })
    expect(reinstated.json().terms[0].transactions.map((t: { kind: string }) => t.kind)).toEqual([
      'new_business',
      'cancellation',
      'reinstatement',
    ])
  })

  it('leaves a future-dated cancellation pending, and refuses a reinstatement past the window', async () => {
    const policy = await enterPolicy(test, owner, policyInput(clientId, carriers[0]!.id, current()))
    const future = await call('POST', `/api/policies/${policy.id}/cancel`, {
      effectiveDate: addDays(today, 10),
      reason: 'non_payment',
      method: 'short_rate',
    })
    expect(future.json().policy.status).toBe('pending_cancellation')
    const old = await enterPolicy(test, owner, policyInput(clientId, carriers[0]!.id, current()))
    await call('POST', `/api/policies/${old.id}/cancel`, {
      effectiveDate: addDays(today, -40),
      reason: 'underwriting',
      method: 'pro_rata',
    })
    const late = await call('POST', `/api/policies/${old.id}/reinstate`, {})
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe(POLICY_TEXTS.windowPassed.replace('{days}', '30'))
  })

  it('cancels flat back to the effective date with the whole premium returned', async () => {
    const policy = await enterPolicy(test, owner, policyInput(clientId, carriers[0]!.id, current()))
    const flat = await call('POST', `/api/policies/${policy.id}/cancel`, {
      effectiveDate: today,
      reason: 'replaced',
      method: 'flat',
    })
    expect(flat.json()).toMatchObject({
      returnPremium: 1200,
      policy: { annualPremium: 0, status: 'cancelled' },
    })
    expect(flat.json().policy.cancellationDate).toBe(policy.effectiveDate)
  })
})

describe('the list', () => {
  it('searches, filters, sorts and pages the book, and exports it', async () => {
    const user = await signUp(test)
    const client = await addClient(test, user, 'Ada', 'Lovelace')
    const [first, second] = await catalogueCarriers(test, user)
    const soon = { effectiveDate: addDays(today, -300), expirationDate: addDays(today, 20) }
    await enterPolicy(
      test,
      user,
      policyInput(client, first!.id, { ...soon, policyNumber: 'PA-0001', annualPremium: 900 }),
    )
    await enterPolicy(
      test,
      user,
      policyInput(client, second!.id, {
        ...current(),
        policyNumber: 'PB-0002',
        lineOfBusiness: 'property',
        annualPremium: 2500,
      }),
    )
    await enterPolicy(
      test,
      user,
      policyInput(client, first!.id, {
        policyNumber: 'PC-0003',
        annualPremium: 50,
        effectiveDate: '2024-01-01',
        expirationDate: '2025-01-01',
      }),
    )
    const list = async (query: string) => {
      const response = await call('GET', `/api/policies?${query}`, undefined, user)
      expect(response.statusCode, query).toBe(200)
      return response.json().policies.map((p: { policyNumber: string }) => p.policyNumber)
    }
    expect(await list('q=pa0001')).toEqual([])
    expect(await list('q=pa-0')).toEqual(['PA-0001'])
    expect(await list('q=lovelace&sort=-premium')).toEqual(['PB-0002', 'PA-0001', 'PC-0003'])
    expect(await list('line=property')).toEqual(['PB-0002'])
    expect(await list(`carrierId=${first!.id}&sort=premium`)).toEqual(['PC-0003', 'PA-0001'])
    expect(await list('status=expired')).toEqual(['PC-0003'])
    expect(await list('expiringWithinDays=60')).toEqual(['PA-0001'])
    const pages: string[] = []
    let cursor: string | null = null
    do {
      const response = await call(
        'GET',
        `/api/policies?limit=1&sort=-premium${cursor ? `&cursor=${cursor}` : ''}`,
        undefined,
        user,
      )
      pages.push(...response.json().policies.map((p: { policyNumber: string }) => p.policyNumber))
      cursor = response.json().nextCursor
    } while (cursor)
    expect(pages).toEqual(['PB-0002', 'PA-0001', 'PC-0003'])
    const wrongSort = await call(
      'GET',
      `/api/policies?limit=1&sort=premium&cursor=${Buffer.from(`-premium|5|${'0'.repeat(36)}`).toString('base64url')}`,
      undefined,
      user,
    )
    expect(wrongSort.statusCode).toBe(400)
    const csv = await call('GET', '/api/policies/export?sort=-premium', undefined, user)
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body.trim().split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain('PB-0002')
    expect(lines[1]).toContain('2500.00')
    const book = await call('GET', '/api/dashboard/book', undefined, user)
    expect(book.json()).toEqual({
      premiumInForce: 3400,
      activePolicies: 2,
      expiring: { within30: 1, within60: 1, within90: 1 },
    })
  })
})

describe('tenancy', () => {
  it('answers 404 for another agency’s policy, on every call that takes one', async () => {
    const create = async (t: TestApp, user: SignedInUser) => {
      const client = await addClient(t, user)
      const [carrier] = await catalogueCarriers(t, user)
      return (await enterPolicy(t, user, policyInput(client, carrier!.id, current()))).id as string
    }
    const cancel = { effectiveDate: today, reason: 'other', method: 'pro_rata' }
    await expectOtherAgencyGets404(test, [
      { method: 'GET', url: (id) => `/api/policies/${id}`, create },
      {
        method: 'POST',
        url: (id) => `/api/policies/${id}/endorsements`,
        payload: { effectiveDate: today, premiumChange: 1, description: 'x' },
        create,
      },
      { method: 'POST', url: (id) => `/api/policies/${id}/cancel/preview`, payload: cancel, create },
      { method: 'POST', url: (id) => `/api/policies/${id}/cancel`, payload: cancel, create },
      { method: 'POST', url: (id) => `/api/policies/${id}/reinstate`, payload: {}, create },
      { method: 'GET', url: (id) => `/api/policies/${id}/documents`, create },
      {
        method: 'POST',
        url: (id) => `/api/policies/${id}/documents`,
        body: () => uploadBody({ documentType: 'declarations', content: samples.pdf() }),
        create,
      },
      { method: 'GET', url: (id) => `/api/compliance/policies/${id}/history`, create },
    ])
  })

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/policies'],
      ['GET', '/api/policies/export'],
      ['POST', '/api/policies'],
      ['GET', '/api/settings/book'],
      ['PUT', '/api/settings/book'],
    ] as const) {
      expect(
        (await test.request({ method, url, ...(method === 'GET' ? {} : { payload: {} }) })).statusCode,
      ).toBe(401)
    }
  })
})
