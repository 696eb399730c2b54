import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { APPOINTMENT_TEXTS as T } from '#shared/contracts/appointments.contract.ts'
import { sampleAppointment } from '#test/appointment-input.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { fieldMessagesOf } from '#test/recorded.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'

let test: TestApp
let agent: SignedInUser

beforeAll(async () => {
  test = await buildTestApp()
  agent = await signUp(test)
})
afterAll(() => test.close())

async function create(user: SignedInUser, payload: Record<string, unknown> = sampleAppointment()) {
  return test.request({ method: 'POST', url: '/api/appointments', cookie: user.cookie, payload })
}

describe('POST /api/appointments', () => {
  it("answers each field's spec message on an empty form", async () => {
    const response = await create(agent, { ipAddress: '' })
    expect(response.statusCode).toBe(400)
    expect(fieldMessagesOf(response.json())).toMatchObject({
      fullName: T.fullName,
      npn: T.npn,
      email: T.email,
      phone: T.phone,
      stateLicenses: T.stateLicenses,
      linesOfAuthority: T.linesOfAuthority,
      eoInsuranceCarrier: T.eoInsuranceCarrier,
      eoInsuranceAmount: T.eoInsuranceAmount,
      eoExpirationDate: T.eoExpirationDate,
      w9Signed: T.w9Signed,
      eoDocumentSigned: T.eoDocumentSigned,
      voidedCheckSubmitted: T.voidedCheckSubmitted,
      eSignature: T.eSignature,
      ipAddress: T.ipAddress,
      termsAccepted: T.termsAccepted,
      privacyPolicyAccepted: T.privacyPolicyAccepted,
      consentToElectronicSignature: T.consentToElectronicSignature,
    })
  })

  it('refuses a short NPN, an unknown state, an amount off the list and unexplained background', async () => {
    const response = await create(
      agent,
      sampleAppointment({
        npn: '1234567',
        stateLicenses: ['TX', 'ZZ'] as never,
        eoInsuranceAmount: 300000,
        felonyConviction: true,
      }),
    )
    expect(fieldMessagesOf(response.json())).toEqual({
      npn: T.npn,
      'stateLicenses.1': T.stateLicenses,
      eoInsuranceAmount: T.eoInsuranceAmount,
      backgroundDetails: T.backgroundDetails,
    })
  })

  it('refuses a day the month does not have with the field message, not a database error', async () => {
    const response = await create(agent, sampleAppointment({ eoExpirationDate: '2026-02-31' }))
    expect(response.statusCode).toBe(400)
    expect(fieldMessagesOf(response.json())).toEqual({ eoExpirationDate: T.eoExpirationDate })
  })

  it('records the application with the address the server saw beside what the form reported', async () => {
    const response = await create(agent)
    expect(response.statusCode, response.body).toBe(201)
    const created = response.json()
    expect(created).toMatchObject({
      status: 'submitted',
      ipAddress: 'unknown',
      requestIpAddress: '127.0.0.1',
      termsVersion: '1.0',
      eoInsuranceAmount: 1000000,
      stateLicenses: ['TX', 'CA'],
      carriers: [],
    })
    const [event] = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'appointment.created')))
    expect(event?.actorUserId).toBe(agent.user.id)
  })

  it('accepts the plain readings a browser sends: amounts and checkboxes as strings', async () => {
    const response = await create(agent, {
      ...sampleAppointment(),
      eoInsuranceAmount: '250000',
      w9Signed: 'true',
      felonyConviction: 'false',
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ eoInsuranceAmount: 250000, felonyConviction: false })
  })
})

describe('the producer profile', () => {
  it('prefills a new application from the last one, without signature or consents', async () => {
    const user = await signUp(test)
    const empty = await test.request({ method: 'GET', url: '/api/appointments/profile', cookie: user.cookie })
    expect(empty.json().prefill).toBeNull()
    await create(user, sampleAppointment({ npn: '87654321', fullName: 'Sam Lee' }))
    const profile = await test.request({
      method: 'GET',
      url: '/api/appointments/profile',
      cookie: user.cookie,
    })
    expect(profile.json().prefill).toMatchObject({ npn: '87654321', fullName: 'Sam Lee' })
    expect(profile.json().prefill).not.toHaveProperty('eSignature')
    expect(profile.json().documents.map((d: { documentType: string }) => d.documentType)).toContain('w9')
  })
})

describe('GET /api/appointments', () => {
  it("lists the agent's own applications, newest first, as data", async () => {
    const user = await signUp(test)
    await create(user, sampleAppointment({ fullName: 'First' }))
    await create(user, sampleAppointment({ fullName: 'Second' }))
    const response = await test.request({ method: 'GET', url: '/api/appointments', cookie: user.cookie })
    expect(response.json().data.map((a: { fullName: string }) => a.fullName)).toEqual(['Second', 'First'])
  })
})

describe('POST /api/appointments/:id/submit-to-carrier', () => {
  it('refuses an empty carrier list with the spec message', async () => {
    const { id } = (await create(agent)).json()
    const response = await test.request({
      method: 'POST',
      url: `/api/appointments/${id}/submit-to-carrier`,
      cookie: agent.cookie,
      payload: { carrierIds: [] },
    })
    expect(response.statusCode).toBe(400)
    expect(fieldMessagesOf(response.json())).toEqual({ carrierIds: T.noCarriers })
  })

  it("answers 404 for another agency's application and changes nothing", async () => {
    await expectOtherAgencyGets404(test, [
      {
        method: 'POST',
        url: (id) => `/api/appointments/${id}/submit-to-carrier`,
        payload: { carrierIds: ['00000000-0000-4000-8000-000000000000'] },
        create: async (_test, owner) => (await create(owner)).json().id,
      },
      {
        method: 'POST',
        url: (id) => `/api/appointments/${id}/carriers/00000000-0000-4000-8000-000000000000/status`,
        payload: { status: 'approved' },
        create: async (_test, owner) => (await create(owner)).json().id,
      },
    ])
  })
})
