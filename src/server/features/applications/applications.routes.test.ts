import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients } from '#server/features/clients/clients.table.ts'
import { auditEvents } from '#server/platform/audit.table.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { sampleClientData } from '#test/sample-client-data.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
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

describe('status changes, list, export', () => {
  it('follows the state machine, records history and notifies the agent', async () => {
    const user = await signUp(test)
    const id = (await apply(user, autoApplication())).json().id
    const put = (status: string, note?: string) =>
      test.request({
        method: 'PUT',
        url: `/api/applications/${id}`,
        cookie: user.cookie,
        payload: { status, note },
      })
    expect((await put('review')).json().status).toBe('review')
    const approved = await put('approved', 'Bound at quoted premium')
    expect(approved.json().history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'pending',
      'review',
      'approved',
    ])
    const illegal = await put('draft')
    expect(illegal.statusCode).toBe(409)
    expect(illegal.json()).toEqual({ message: 'An application that is approved cannot become draft.' })
    const notes = (
      await test.request({ method: 'GET', url: '/api/notifications', cookie: user.cookie })
    ).json().notifications
    expect(notes[0]).toMatchObject({ title: 'Application approved', priority: 'high' })
  })

  it('filters the list and exports the same rows as CSV with formulas neutralised', async () => {
    const user = await signUp(test)
    await apply(user, autoApplication({ clientData: sampleClientData({ firstName: '=HYPERLINK("x")' }) }))
    await apply(user, autoApplication({ insuranceType: 'life' }))
    const life = await test.request({
      method: 'GET',
      url: '/api/applications?type=life',
      cookie: user.cookie,
    })
    expect(life.json().data).toHaveLength(1)
    const page = await test.request({ method: 'GET', url: '/api/applications?limit=1', cookie: user.cookie })
    const next = await test.request({
      method: 'GET',
      url: `/api/applications?limit=1&cursor=${page.json().nextCursor}`,
      cookie: user.cookie,
    })
    expect(next.json().data[0].id).not.toBe(page.json().data[0].id)
    const csv = await test.request({
      method: 'GET',
      url: '/api/applications/export?type=auto',
      cookie: user.cookie,
    })
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const lines = csv.body.trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Okoye"`)
  })

  it('refuses a date before year 1 on the list and the export with a message, never a cut-off download', async () => {
    const user = await signUp(test)
    await apply(user, autoApplication())
    for (const url of ['/api/applications?from=0000-01-01', '/api/applications/export?to=0000-12-31']) {
      const response = await test.request({ method: 'GET', url, cookie: user.cookie })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().errors[0].message).toBe('Use a date like 2026-01-31')
    }
  })

  it("lists each application with its client's state, ZIP code and age, or null", async () => {
    const user = await signUp(test)
    const withAddress = (
      await apply(user, autoApplication({ clientData: sampleClientData({ zipCode: '78701-1234' }) }))
    ).json()
    const withoutAddress = (
      await apply(user, autoApplication({ clientData: sampleClientData({ firstName: 'Bo' }) }))
    ).json()
    await test.db
      .update(clients)
      .set({ state: null, zipCode: null, dateOfBirth: null })
      .where(eq(clients.id, withoutAddress.client.id))
    const list = await test.request({ method: 'GET', url: '/api/applications', cookie: user.cookie })
    const clientOf = (id: string) => list.json().data.find((a: { id: string }) => a.id === id)?.client
    // Born 1988-02-10 (the sample client): whole years as of today.
    const today = new Date()
    const age =
      today.getFullYear() -
      1988 -
      (today.getMonth() < 1 || (today.getMonth() === 1 && today.getDate() < 10) ? 1 : 0)
    expect(clientOf(withAddress.id)).toMatchObject({
      firstName: 'Nia',
      state: 'TX',
      zipCode: '78701-1234',
      age,
    })
    expect(clientOf(withoutAddress.id)).toMatchObject({
      firstName: 'Bo',
      state: null,
      zipCode: null,
      age: null,
    })
    const details = await test.request({
      method: 'GET',
      url: `/api/applications/${withAddress.id}`,
      cookie: user.cookie,
    })
    expect(details.json().client).toMatchObject({ state: 'TX', zipCode: '78701-1234' })
  })

  it('records who opened an application, and nothing for an id of another agency', async () => {
    const owner = await signUp(test)
    const id = (await apply(owner, autoApplication())).json().id
    const viewed = () =>
      test.db
        .select({ actor: auditEvents.actorUserId })
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'application.viewed')))
    const other = await signUp(test)
    await test.request({ method: 'GET', url: `/api/applications/${id}`, cookie: other.cookie })
    expect(await viewed()).toEqual([])
    await test.request({ method: 'GET', url: `/api/applications/${id}`, cookie: owner.cookie })
    expect(await viewed()).toEqual([{ actor: owner.user.id }])
  })

  it("answers 404 for another agency's application", async () => {
    const create = async (_t: TestApp, u: SignedInUser) => (await apply(u, autoApplication())).json().id
    await expectOtherAgencyGets404(test, [
      { method: 'GET', url: (id) => `/api/applications/${id}`, create },
      { method: 'PUT', url: (id) => `/api/applications/${id}`, payload: { status: 'review' }, create },
    ])
  })
})

describe('dashboard', () => {
  it('counts applications and active clients and names the top carriers', async () => {
    const user = await signUp(test)
    const first = (await apply(user, autoApplication())).json()
    await apply(user, autoApplication())
    await test.request({
      method: 'PUT',
      url: `/api/applications/${first.id}`,
      cookie: user.cookie,
      payload: { status: 'rejected' },
    })
    const stats = await test.request({ method: 'GET', url: '/api/dashboard/stats', cookie: user.cookie })
    expect(stats.json()).toMatchObject({ total: 2, pending: 1, approved: 0, clients: 1 })
    expect(stats.json().changes).toEqual({ total: null, pending: null, approvalRate: null, clients: null })
    const top = await test.request({ method: 'GET', url: '/api/dashboard/top-carriers', cookie: user.cookie })
    expect(top.json().data).toHaveLength(3)
    expect(top.json().data[0]).toMatchObject({ applications: 2, status: 'online' })
  })
})
