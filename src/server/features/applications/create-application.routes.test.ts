import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients } from '#server/features/clients/clients.table.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications.contract.ts'
import type { Carrier } from '#shared/contracts/carriers.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { sampleClientData } from '#test/sample-client-data.ts'

let test: TestApp
let carriers: Carrier[]
beforeAll(async () => {
  test = await buildTestApp()
  const probe = await signUp(test)
  carriers = (await test.request({ method: 'GET', url: '/api/carriers', cookie: probe.cookie })).json().data
})
afterAll(() => test.close())

async function apply(user: SignedInUser, body: Record<string, unknown>) {
  return test.request({ method: 'POST', url: '/api/applications', cookie: user.cookie, payload: body })
}

const autoApplication = (overrides: Record<string, unknown> = {}) => ({
  clientData: sampleClientData(),
  insuranceType: 'auto',
  isBulkSubmission: true,
  bulkSubmissionType: 'all_carriers',
  carrierFilters: null,
  applicationData: {
    autoData: { vehicleYear: 2021, vehicleMake: 'Subaru', vehicleModel: 'Outback', annualMileage: 12000 },
  },
  ...overrides,
})

describe('POST /api/applications', () => {
  it('creates the client and an application to every matching carrier, with history and counts', async () => {
    const user = await signUp(test)
    const response = await apply(user, autoApplication())
    expect(response.statusCode, response.body).toBe(201)
    const application = response.json()
    const expected = carriers.filter((c) => c.isActive && c.supportedTypes.includes('auto'))
    expect(application).toMatchObject({
      status: 'pending',
      insuranceType: 'auto',
      submissionType: 'all_carriers',
      carrier: null,
    })
    expect(application.carrierCount).toBe(expected.length)
    expect(application.submissions.map((s: { carrierId: string }) => s.carrierId).sort()).toEqual(
      expected.map((c) => c.id).sort(),
    )
    expect(application.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'pending', changedBy: 'Casey Morgan' }),
    ])
    expect(application.applicationData.autoData).toMatchObject({ vehicleMake: 'Subaru', vehicleYear: 2021 })
    const me = await test.request({ method: 'GET', url: '/api/auth/user', cookie: user.cookie })
    expect(me.json().applicationsUsedThisMonth).toBe(1)
    const summary = await test.request({
      method: 'GET',
      url: '/api/applications/summary',
      cookie: user.cookie,
    })
    expect(summary.json()).toEqual({
      total: 1,
      draft: 0,
      pending: 1,
      review: 0,
      approved: 0,
      rejected: 0,
      bound: 0,
    })
    const clientList = await test.request({ method: 'GET', url: '/api/clients', cookie: user.cookie })
    expect(clientList.json().data[0]).toMatchObject({ firstName: 'Nia', applicationCount: 1 })
  })

  it('sends a filtered application only to the carriers the shared rule matches', async () => {
    const user = await signUp(test)
    const filters = {
      maxPrice: 400,
      minCoverageRating: 3,
      minConsumerConfidence: 3.5,
      preferredFinancialStrength: [],
    }
    const response = await apply(
      user,
      autoApplication({
        insuranceType: 'life',
        bulkSubmissionType: 'filtered_carriers',
        carrierFilters: filters,
      }),
    )
    expect(response.statusCode, response.body).toBe(201)
    const expected = carriers.filter(
      (c) =>
        c.isActive &&
        c.supportedTypes.includes('life') &&
        (c.avgPremiumCost ?? 0) <= 400 &&
        (c.coverageRating ?? 5) >= 3 &&
        (c.consumerConfidenceScore ?? 5) >= 3.5,
    )
    expect(response.json().carrierCount).toBe(expected.length)
    expect(response.json().carrierFilters).toEqual(filters)
  })

  it('sends a specific application to the primary and secondary carriers', async () => {
    const user = await signUp(test)
    const [primary, secondary] = carriers.filter((c) => c.isActive && c.supportedTypes.includes('property'))
    const response = await apply(
      user,
      autoApplication({
        insuranceType: 'property',
        isBulkSubmission: false,
        bulkSubmissionType: 'specific_carriers',
        carrierId: primary!.id,
        secondaryCarrierId: secondary!.id,
      }),
    )
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({
      carrier: { id: primary!.id, name: primary!.name },
      secondaryCarrier: { id: secondary!.id },
      carrierCount: 2,
    })
  })

  it('answers the wizard messages and writes nothing for bad input', async () => {
    const user = await signUp(test)
    const before = await test.db.$count(clients)
    const response = await apply(user, {
      insuranceType: 'auto',
      bulkSubmissionType: 'specific_carriers',
      clientData: {
        firstName: '',
        lastName: '',
        email: 'no',
        phone: '1',
        dateOfBirth: '',
        ssn: '12',
        address: '',
        city: '',
        state: '',
        zipCode: '1',
      },
    })
    expect(response.statusCode).toBe(400)
    const messages = Object.fromEntries(
      response.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    )
    expect(messages).toMatchObject({
      'clientData.firstName': APPLICATION_TEXTS.firstNameRequired,
      'clientData.lastName': APPLICATION_TEXTS.lastNameRequired,
      'clientData.email': APPLICATION_TEXTS.emailInvalid,
      'clientData.phone': APPLICATION_TEXTS.phoneRequired,
      'clientData.dateOfBirth': APPLICATION_TEXTS.dateOfBirthRequired,
      'clientData.ssn': APPLICATION_TEXTS.ssnRequired,
      'clientData.address': APPLICATION_TEXTS.addressRequired,
      'clientData.city': APPLICATION_TEXTS.cityRequired,
      'clientData.state': APPLICATION_TEXTS.stateRequired,
      'clientData.zipCode': APPLICATION_TEXTS.zipRequired,
    })
    const noCarrier = await apply(user, autoApplication({ bulkSubmissionType: 'specific_carriers' }))
    expect(noCarrier.json().errors).toEqual([
      { path: 'carrierId', message: APPLICATION_TEXTS.primaryCarrierRequired },
    ])
    expect(await test.db.$count(clients)).toBe(before)
  })

  it("refuses another agency's client and carrier, and an inactive carrier", async () => {
    const a = await signUp(test)
    const b = await signUp(test)
    const own = await test.request({
      method: 'POST',
      url: '/api/carriers',
      cookie: a.cookie,
      payload: { name: 'A Only', code: 'AONLY', state: 'CA', supportedTypes: ['auto'] },
    })
    const aClient = (await apply(a, autoApplication())).json().client.id
    const foreignClient = await apply(b, { ...autoApplication(), clientData: undefined, clientId: aClient })
    expect(foreignClient.statusCode).toBe(404)
    const foreignCarrier = await apply(
      b,
      autoApplication({ bulkSubmissionType: 'specific_carriers', carrierId: own.json().id }),
    )
    expect(foreignCarrier.statusCode).toBe(400)
    expect(foreignCarrier.json().errors).toEqual([
      { path: 'carrierId', message: APPLICATION_TEXTS.carrierUnavailable },
    ])
    const inactive = carriers.find((c) => !c.isActive)!
    const refused = await apply(
      b,
      autoApplication({
        insuranceType: inactive.supportedTypes[0],
        bulkSubmissionType: 'specific_carriers',
        carrierId: inactive.id,
      }),
    )
    expect(refused.statusCode).toBe(400)
  })

  it('stops at the plan limit with 402 and leaves the refused application unwritten', async () => {
    const user = await signUp(test)
    for (let i = 0; i < 5; i++) expect((await apply(user, autoApplication())).statusCode).toBe(201)
    const before = await test.db.$count(clients)
    const sixth = await apply(user, autoApplication())
    expect(sixth.statusCode).toBe(402)
    expect(sixth.json().message).toBe(
      APPLICATION_TEXTS.planLimit.replace('{plan}', 'Free').replace('{limit}', '5'),
    )
    expect(await test.db.$count(clients)).toBe(before)
  })
})
