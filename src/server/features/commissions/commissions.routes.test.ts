import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMISSION_TEXTS as T } from '#shared/contracts/commissions.contract.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from '../policies/policies.test-support.ts'
import { auditOf, postRate, setRate } from './commissions.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const today = new Date().toISOString().slice(0, 10)
const schedules = (user: SignedInUser) =>
  test
    .request({ method: 'GET', url: '/api/commissions/schedules', cookie: user.cookie })
    .then((r) => r.json())

describe('commission schedules', () => {
  it('sets the agency default and a carrier’s rate for a line, each dated, and lists them in force', async () => {
    const admin = await signUp(test)
    const [carrier] = await catalogueCarriers(test, admin)
    await setRate(test, admin, { carrierId: null, lineOfBusiness: null, newBusinessRate: 10, renewalRate: 8 })
    const auto = await setRate(test, admin, {
      carrierId: carrier!.id,
      lineOfBusiness: 'auto',
      newBusinessRate: 12.5,
      renewalRate: 10.25,
      effectiveFrom: '2025-01-01',
    })
    const listed = await schedules(admin)
    expect(listed.canEdit).toBe(true)
    expect(listed.rates).toMatchObject([
      {
        carrierId: null,
        carrierName: null,
        lineOfBusiness: null,
        newBusinessRate: 10,
        renewalRate: 8,
        effectiveFrom: today,
      },
      {
        id: auto.id,
        carrierName: carrier!.name,
        lineOfBusiness: 'auto',
        newBusinessRate: 12.5,
        renewalRate: 10.25,
        createdByName: 'Casey Morgan',
      },
    ])
    const [event] = await auditOf(test, admin.user.agencyId, 'commission.rate_set')
    expect(event?.details).toMatchObject({
      carrierId: null,
      lineOfBusiness: null,
      to: { newBusinessBp: 1000, renewalBp: 800 },
    })
  })

  it('keeps every change as history: a later rate supersedes, a future one waits, an end closes', async () => {
    const admin = await signUp(test)
    const [carrier] = await catalogueCarriers(test, admin)
    const key = { carrierId: carrier!.id, lineOfBusiness: null }
    const first = await setRate(test, admin, {
      ...key,
      newBusinessRate: 15,
      renewalRate: 12,
      effectiveFrom: '2024-01-01',
    })
    const second = await setRate(test, admin, {
      ...key,
      newBusinessRate: 14,
      renewalRate: 11,
      effectiveFrom: '2025-06-01',
    })
    const later = await setRate(test, admin, {
      ...key,
      newBusinessRate: 13,
      renewalRate: 10,
      effectiveFrom: addDays(today, 30),
    })
    let listed = await schedules(admin)
    expect(listed.rates.map((rate: { id: string }) => rate.id)).toEqual([second.id])
    expect(listed.historyTotal).toBe(3)
    expect(listed.history.map((row: { id: string; status: string }) => [row.id, row.status])).toEqual([
      [later.id, 'scheduled'],
      [second.id, 'current'],
      [first.id, 'superseded'],
    ])

    const ended = await test.request({
      method: 'POST',
      url: `/api/commissions/schedules/${first.id}/end`,
      cookie: admin.cookie,
      payload: { effectiveFrom: today },
    })
    expect(ended.statusCode, ended.body).toBe(201)
    expect(ended.json()).toMatchObject({ carrierId: carrier!.id, newBusinessRate: null, renewalRate: null })
    listed = await schedules(admin)
    expect(listed.rates).toEqual([])
    expect(listed.history[1]).toMatchObject({ status: 'ended', effectiveFrom: today })
    const [event] = await auditOf(test, admin.user.agencyId, 'commission.rate_ended')
    expect(event?.details).toMatchObject({
      effectiveFrom: today,
      from: { newBusinessBp: 1400, renewalBp: 1100 },
    })

    const again = await test.request({
      method: 'POST',
      url: `/api/commissions/schedules/${first.id}/end`,
      cookie: admin.cookie,
      payload: { effectiveFrom: today },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(T.nothingToEnd)
  })

  it('refuses bad input with field messages, and another agency’s carrier', async () => {
    const admin = await signUp(test)
    const bad = await postRate(test, admin, {
      carrierId: null,
      lineOfBusiness: 'boats',
      newBusinessRate: 12.345,
      renewalRate: 101,
      effectiveFrom: '2026-02-30',
    })
    expect(bad.statusCode).toBe(400)
    const messages = Object.fromEntries(
      bad.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    )
    expect(messages).toMatchObject({
      lineOfBusiness: T.lineInvalid,
      newBusinessRate: T.rateInvalid,
      renewalRate: T.rateInvalid,
      effectiveFrom: T.dateInvalid,
    })
    const other = await signUp(test)
    const own = await test.request({
      method: 'POST',
      url: '/api/carriers',
      cookie: other.cookie,
      payload: { name: 'Other Agency Mutual', code: 'OAM', state: 'CA', supportedTypes: ['auto'] },
    })
    expect(own.statusCode, own.body).toBe(201)
    const foreign = own.json().id
    const refused = await postRate(test, admin, {
      carrierId: foreign,
      lineOfBusiness: null,
      newBusinessRate: 10,
      renewalRate: 8,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual([{ path: 'carrierId', message: T.unknownCarrier }])
  })

  it('lets an agent read the schedule but not change it', async () => {
    const admin = await signUp(test)
    const rate = await setRate(test, admin, {
      carrierId: null,
      lineOfBusiness: null,
      newBusinessRate: 10,
      renewalRate: 8,
    })
    const agent = await addAgent(test, admin.user.agencyId)
    const listed = await schedules(agent)
    expect(listed).toMatchObject({ canEdit: false, rates: [{ id: rate.id }] })
    const set = await postRate(test, agent, {
      carrierId: null,
      lineOfBusiness: null,
      newBusinessRate: 1,
      renewalRate: 1,
    })
    expect(set.statusCode).toBe(403)
    const end = await test.request({
      method: 'POST',
      url: `/api/commissions/schedules/${rate.id}/end`,
      cookie: agent.cookie,
      payload: {},
    })
    expect(end.statusCode).toBe(403)
  })

  it('answers 401 without a session and 404 for another agency’s schedule row or policy', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    for (const [method, url] of [
      ['GET', '/api/commissions/schedules'],
      ['POST', '/api/commissions/schedules'],
      ['POST', `/api/commissions/schedules/${missing}/end`],
      ['GET', `/api/commissions/policies/${missing}`],
      ['PUT', `/api/commissions/policies/${missing}/override`],
      ['PUT', `/api/commissions/policies/${missing}/split`],
    ] as const) {
      expect((await test.request({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401)
    }
    const rateOf = async (_: TestApp, owner: SignedInUser) =>
      (
        await setRate(test, owner, {
          carrierId: null,
          lineOfBusiness: null,
          newBusinessRate: 10,
          renewalRate: 8,
        })
      ).id
    const policyOf = async (_: TestApp, owner: SignedInUser) => {
      const [carrier] = await catalogueCarriers(test, owner)
      return (await enterPolicy(test, owner, policyInput(await addClient(test, owner), carrier!.id)))
        .id as string
    }
    await expectOtherAgencyGets404(test, [
      { method: 'POST', url: (id) => `/api/commissions/schedules/${id}/end`, payload: {}, create: rateOf },
      { method: 'GET', url: (id) => `/api/commissions/policies/${id}`, create: policyOf },
      {
        method: 'PUT',
        url: (id) => `/api/commissions/policies/${id}/override`,
        payload: { newBusinessRate: 20, renewalRate: 15 },
        create: policyOf,
      },
      {
        method: 'PUT',
        url: (id) => `/api/commissions/policies/${id}/split`,
        payload: { producers: [{ userId: missing, role: 'writing', percent: 100 }] },
        create: policyOf,
      },
    ])
  })
})
