import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { CLIENT_MESSAGES } from '#shared/contracts/clients.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp, uniqueEmail } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { clients } from './clients.table.ts'

let test: TestApp
let owner: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
})
afterAll(() => test.close())

function validClient(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Maria',
    lastName: 'Gonzalez',
    email: uniqueEmail('maria'),
    phone: '(555) 201-3344',
    dateOfBirth: '1984-03-12',
    address: '12 Harbor Lane',
    city: 'Sacramento',
    state: 'CA',
    zipCode: '95814',
    ...overrides,
  }
}

async function create(user: SignedInUser, overrides: Record<string, unknown> = {}) {
  const response = await test.request({
    method: 'POST',
    url: '/api/clients',
    cookie: user.cookie,
    payload: validClient(overrides),
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

describe('POST /api/clients', () => {
  it('creates a client, masks its SSN and licence, encrypts them at rest and audits without values', async () => {
    const client = await create(owner, {
      ssn: '123-45-6789',
      driversLicenseNumber: 'D1234567',
      annualIncome: 85000,
    })
    expect(client).toMatchObject({
      firstName: 'Maria',
      ssn: '***-**-6789',
      driversLicenseNumber: '****4567',
      annualIncome: 85000,
    })
    expect(client).toMatchObject({ accidentsLast5Years: 0, violationsLast5Years: 0, applicationCount: 0 })
    const [row] = await test.db.select().from(clients).where(eq(clients.id, client.id))
    expect(JSON.stringify(row)).not.toContain('123-45-6789')
    expect(JSON.stringify(row)).not.toContain('D1234567')
    const [event] = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, client.id), eq(auditEvents.action, 'client.created')))
    expect(event!.details).toMatchObject({ fields: expect.arrayContaining(['ssn', 'firstName']) })
    expect(JSON.stringify(event)).not.toContain('6789')
  })

  it('answers the spec message for every required field of an empty form and writes nothing', async () => {
    const before = await test.db.$count(clients)
    const response = await test.request({
      method: 'POST',
      url: '/api/clients',
      cookie: owner.cookie,
      payload: {},
    })
    expect(response.statusCode).toBe(400)
    const messages = Object.fromEntries(
      response.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    )
    expect(messages).toMatchObject({
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: expect.any(String),
      phone: expect.any(String),
      dateOfBirth: expect.any(String),
      address: expect.any(String),
      city: expect.any(String),
      state: expect.any(String),
      zipCode: expect.any(String),
    })
    const blank = await test.request({
      method: 'POST',
      url: '/api/clients',
      cookie: owner.cookie,
      payload: {
        firstName: '',
        lastName: '',
        email: 'x',
        phone: '123',
        dateOfBirth: '',
        address: '',
        city: '',
        state: 'C',
        zipCode: '123',
      },
    })
    expect(blank.json().errors).toEqual([
      { path: 'firstName', message: CLIENT_MESSAGES.firstNameRequired },
      { path: 'lastName', message: CLIENT_MESSAGES.lastNameRequired },
      { path: 'email', message: CLIENT_MESSAGES.emailInvalid },
      { path: 'phone', message: CLIENT_MESSAGES.phoneMin },
      { path: 'dateOfBirth', message: CLIENT_MESSAGES.dateOfBirthRequired },
      { path: 'address', message: CLIENT_MESSAGES.addressRequired },
      { path: 'city', message: CLIENT_MESSAGES.cityRequired },
      { path: 'state', message: CLIENT_MESSAGES.stateMin },
      { path: 'zipCode', message: CLIENT_MESSAGES.zipMin },
    ])
    expect(await test.db.$count(clients)).toBe(before)
  })

  it('refuses a second client with the same email in the agency, on the email field', async () => {
    const first = await create(owner)
    const response = await test.request({
      method: 'POST',
      url: '/api/clients',
      cookie: owner.cookie,
      payload: validClient({ email: first.email.toUpperCase() }),
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().errors).toEqual([{ path: 'email', message: CLIENT_MESSAGES.emailTaken }])
  })
})

describe('GET and PUT /api/clients/:id', () => {
  it('answers the full record, audits the view, and keeps a sensitive value the edit leaves empty', async () => {
    const created = await create(owner, { ssn: '123456789', gender: 'Female', budgetRange: '200_500' })
    const viewed = await test.request({
      method: 'GET',
      url: `/api/clients/${created.id}`,
      cookie: owner.cookie,
    })
    expect(viewed.json()).toMatchObject({ ssn: '***-**-6789', gender: 'Female', budgetRange: '200_500' })
    const views = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'client.viewed')))
    expect(views).toHaveLength(1)

    const { id, createdAt, updatedAt, applicationCount, ssn, ...rest } = viewed.json()
    const updated = await test.request({
      method: 'PUT',
      url: `/api/clients/${created.id}`,
      cookie: owner.cookie,
      payload: { ...rest, city: 'Fresno', maritalStatus: 'Married', spouseSsn: '987-65-4321' },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json()).toMatchObject({
      city: 'Fresno',
      maritalStatus: 'Married',
      ssn: '***-**-6789',
      spouseSsn: '***-**-4321',
    })
  })

  it('validates an edit like a new client', async () => {
    const created = await create(owner)
    const response = await test.request({
      method: 'PUT',
      url: `/api/clients/${created.id}`,
      cookie: owner.cookie,
      payload: validClient({ zipCode: '12', email: created.email }),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([{ path: 'zipCode', message: CLIENT_MESSAGES.zipMin }])
  })

  it('reveals one sensitive value on request and audits which', async () => {
    const created = await create(owner, { ssn: '123-45-6789' })
    const response = await test.request({
      method: 'POST',
      url: `/api/clients/${created.id}/reveal`,
      cookie: owner.cookie,
      payload: { field: 'ssn' },
    })
    expect(response.json()).toEqual({ field: 'ssn', value: '123-45-6789' })
    const [event] = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'client.sensitive_revealed')))
    expect(event).toMatchObject({ actorUserId: owner.user.id, details: { field: 'ssn' } })
  })

  it("answers 404 for another agency's client on every route", async () => {
    const make = async (_t: TestApp, user: SignedInUser) => (await create(user)).id
    await expectOtherAgencyGets404(test, [
      { method: 'GET', url: (id) => `/api/clients/${id}`, create: make },
      { method: 'PUT', url: (id) => `/api/clients/${id}`, payload: validClient(), create: make },
      { method: 'POST', url: (id) => `/api/clients/${id}/reveal`, payload: { field: 'ssn' }, create: make },
    ])
  })
})

describe('GET /api/clients', () => {
  it('searches first name, last name and email case-insensitively, and pages with a cursor', async () => {
    const agency = await signUp(test)
    await create(agency, { firstName: 'Sam', lastName: 'Smithers', email: 'sam@one.example' })
    await create(agency, { firstName: 'Smita', lastName: 'Rao', email: 'rao@two.example' })
    await create(agency, { firstName: 'Lee', lastName: 'Park', email: 'lee.SMIle@three.example' })
    await create(agency, { firstName: 'Ann', lastName: 'Other', email: 'ann@four.example' })
    const search = await test.request({ method: 'GET', url: '/api/clients?q=SMI', cookie: agency.cookie })
    expect(
      search
        .json()
        .data.map((c: { firstName: string }) => c.firstName)
        .sort(),
    ).toEqual(['Lee', 'Sam', 'Smita'])
    expect(search.json().data[0]).toMatchObject({ applicationCount: 0, city: 'Sacramento', state: 'CA' })

    const first = await test.request({ method: 'GET', url: '/api/clients?limit=3', cookie: agency.cookie })
    expect(first.json().data).toHaveLength(3)
    const second = await test.request({
      method: 'GET',
      url: `/api/clients?limit=3&cursor=${first.json().nextCursor}`,
      cookie: agency.cookie,
    })
    expect(second.json().data.map((c: { firstName: string }) => c.firstName)).toEqual(['Sam'])
    expect(second.json().nextCursor).toBeNull()

    const summary = await test.request({ method: 'GET', url: '/api/clients/summary', cookie: agency.cookie })
    expect(summary.json()).toEqual({ total: 4, active: 0, newThisMonth: 4 })
  })

  it('treats % and _ in a search as plain characters', async () => {
    const agency = await signUp(test)
    await create(agency, { firstName: 'Percy', email: 'percy@x.example' })
    const response = await test.request({ method: 'GET', url: '/api/clients?q=%25', cookie: agency.cookie })
    expect(response.json().data).toEqual([])
  })
})
