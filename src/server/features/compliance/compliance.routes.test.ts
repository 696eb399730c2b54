import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setUserRole } from '#server/features/auth/auth.service.ts'
import {
  type AuditRecord,
  COMPLIANCE_MESSAGES,
  DAY_RANGE_MESSAGE,
  TermsSchema,
} from '#shared/contracts/compliance.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { COMPLIANCE_TERMS } from '#shared/terms/compliance-terms.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signIn, signUp } from '#test/factories.ts'
import { sampleClientData } from '#test/sample-client-data.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const get = (user: SignedInUser | null, url: string) =>
  test.request({ method: 'GET', url, ...(user ? { cookie: user.cookie } : {}) })

async function createApplication(user: SignedInUser): Promise<{ id: string; clientId: string }> {
  const response = await test.request({
    method: 'POST',
    url: '/api/applications',
    cookie: user.cookie,
    payload: {
      clientData: sampleClientData({ ssn: '123-45-6789' }),
      insuranceType: 'auto',
      isBulkSubmission: true,
      bulkSubmissionType: 'all_carriers',
      carrierFilters: null,
      applicationData: { autoData: { vehicleYear: 2021, vehicleMake: 'Subaru' } },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return { id: response.json().id, clientId: response.json().client.id }
}

const history = async (user: SignedInUser, query = '') => {
  const response = await get(user, `/api/compliance/audit-history${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { data: AuditRecord[]; auditHistory: AuditRecord[]; nextCursor: string | null }
}

describe('without a session', () => {
  it('answers 401 on every compliance call', async () => {
    for (const url of [
      '/api/compliance/audit-history',
      '/api/compliance/audit-history.csv',
      '/api/compliance/audit?applicationId=00000000-0000-4000-8000-000000000000',
      '/api/compliance/audit/00000000-0000-4000-8000-000000000000',
      '/api/compliance/report/00000000-0000-4000-8000-000000000000',
      '/api/compliance/download/00000000-0000-4000-8000-000000000000',
      '/api/compliance/terms',
      '/api/compliance/retention',
    ]) {
      const response = await get(null, url)
      expect(response.statusCode, url).toBe(401)
      expect(response.json()).toEqual({ message: GENERIC_MESSAGES.unauthorized })
    }
  })
})

describe('GET /api/compliance/audit-history', () => {
  it('lists the agency’s events newest first as the spec’s records, under both keys, and audits the view', async () => {
    const admin = await signUp(test)
    const { id, clientId } = await createApplication(admin)
    await get(admin, `/api/clients/${clientId}`)
    const answer = await history(admin)
    expect(answer.auditHistory).toEqual(answer.data)
    const [viewed, created] = answer.data
    expect(viewed).toMatchObject({
      action: 'viewed',
      event: 'client.viewed',
      dataAccessed: 'Client record',
      entityId: clientId,
      actorName: 'Casey Morgan',
      applicationId: null,
    })
    expect(created).toMatchObject({ action: 'created', event: 'application.created', applicationId: id })
    expect(Object.keys(viewed!)).toEqual(
      expect.arrayContaining([
        'id',
        'action',
        'dataAccessed',
        'actionDescription',
        'createdAt',
        'applicationId',
      ]),
    )
    expect(Object.keys(viewed!)).toEqual(expect.arrayContaining(['ipAddress', 'userAgent', 'fileName']))
    const again = await history(admin)
    expect(again.data[0]).toMatchObject({ event: 'audit.history_viewed', action: 'viewed' })
  })

  it('pages by chain position with a cursor and filters by action, record, user and date', async () => {
    const admin = await signUp(test)
    const { clientId } = await createApplication(admin)
    for (let i = 0; i < 3; i++) await get(admin, `/api/clients/${clientId}`)
    const first = await history(admin, '?limit=2&action=client.viewed')
    expect(first.data.map((r) => r.event)).toEqual(['client.viewed', 'client.viewed'])
    expect(first.nextCursor).toBe(String(first.data[1]!.sequence))
    const second = await history(admin, `?limit=2&action=client.viewed&cursor=${first.nextCursor}`)
    expect(second.data).toHaveLength(1)
    expect(second.data[0]!.sequence).toBeLessThan(first.data[1]!.sequence)
    expect(second.nextCursor).toBeNull()
    const record = await history(admin, `?entityType=client&entityId=${clientId}`)
    expect(new Set(record.data.map((r) => r.entityId))).toEqual(new Set([clientId]))
    expect(record.data.map((r) => r.event)).toContain('client.created')
    expect((await history(admin, `?userId=${admin.user.id}&limit=100`)).data.length).toBeGreaterThan(4)
    expect((await history(admin, '?to=2000-01-01')).data).toEqual([])
    const today = new Date().toISOString().slice(0, 10)
    expect((await history(admin, `?from=${today}&action=client.viewed`)).data).toHaveLength(3)
  })

  it('refuses a bad cursor or date with 400 and a message', async () => {
    const admin = await signUp(test)
    const bad = await get(admin, '/api/compliance/audit-history?cursor=abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].message).toBe('The page cursor is not valid.')
    expect((await get(admin, '/api/compliance/audit-history?from=2026-02-31')).statusCode).toBe(400)
    for (const query of ['from=0000-01-01', 'to=9999-12-31', 'from=1899-12-31']) {
      const outOfRange = await get(admin, `/api/compliance/audit-history?${query}`)
      expect(outOfRange.statusCode).toBe(400)
      expect(outOfRange.json().errors[0].message).toBe(DAY_RANGE_MESSAGE)
    }
    expect((await get(admin, '/api/compliance/audit-history?from=1900-01-01&to=9999-12-30')).statusCode).toBe(
      200,
    )
  })

  it('shows an agent only their own events, and the admin everyone’s', async () => {
    const admin = await signUp(test)
    await createApplication(admin)
    const agent = await addAgent(test, admin.user.agencyId)
    const own = await history(agent, '?limit=100')
    expect(own.data.length).toBeGreaterThan(0)
    expect(new Set(own.data.map((r) => r.actorName))).toEqual(new Set(['Alex Colleague']))
    expect((await history(agent, `?userId=${admin.user.id}`)).data).toEqual([])
    const all = await history(admin, '?limit=100')
    expect(new Set(all.data.map((r) => r.actorName))).toEqual(new Set(['Casey Morgan', 'Alex Colleague']))
  })
})

describe('GET /api/compliance/audit-history.csv', () => {
  it('streams the filtered list as CSV and audits the export', async () => {
    const admin = await signUp(test)
    const { clientId } = await createApplication(admin)
    await get(admin, `/api/clients/${clientId}`)
    const response = await get(admin, '/api/compliance/audit-history.csv?action=client.viewed')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="audit-history-\d{4}-\d\d-\d\d\.csv"/,
    )
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toMatch(/^Time \(UTC\),Action,Event,/)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(',viewed,client.viewed,Client record,')
    expect((await history(admin, '?action=audit.history_exported')).data).toHaveLength(1)
  })
})

describe('the application trail, report and data download', () => {
  it('answers the same trail at both URL shapes, with the spec’s empty state left to the screen', async () => {
    const admin = await signUp(test)
    const { id } = await createApplication(admin)
    const byQuery = await get(admin, `/api/compliance/audit?applicationId=${id}`)
    const byPath = await get(admin, `/api/compliance/audit/${id}`)
    expect(byQuery.statusCode, byQuery.body).toBe(200)
    expect(byQuery.json().data).toEqual(byPath.json().data)
    expect(byQuery.json().data.map((r: AuditRecord) => r.event)).toEqual(['application.created'])
    expect(byQuery.json().data[0].applicationId).toBe(id)
    expect((await get(admin, '/api/compliance/audit?applicationId=nope')).statusCode).toBe(400)
  })

  it('downloads the compliance report as JSON and PDF, audited into the trail', async () => {
    const admin = await signUp(test)
    const { id } = await createApplication(admin)
    const report = await get(admin, `/api/compliance/report/${id}`)
    expect(report.statusCode, report.body).toBe(200)
    expect(report.headers['content-disposition']).toBe(`attachment; filename="compliance-report-${id}.json"`)
    expect(report.json()).toMatchObject({
      reportType: 'application-compliance-report',
      termsVersion: '1.0',
      retentionYears: 7,
      application: { id, insuranceType: 'auto' },
      eventCount: 1,
    })
    const pdf = await get(admin, `/api/compliance/report/${id}?format=pdf`)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const trail = (await get(admin, `/api/compliance/audit/${id}`)).json().data as AuditRecord[]
    expect(trail.slice(0, 2).map((r) => [r.event, r.fileName])).toEqual([
      ['compliance.report_downloaded', `compliance-report-${id}.pdf`],
      ['compliance.report_downloaded', `compliance-report-${id}.json`],
    ])
  })

  it('downloads the application with its client, sensitive fields masked, audited', async () => {
    const admin = await signUp(test)
    const { id, clientId } = await createApplication(admin)
    const response = await get(admin, `/api/compliance/download/${id}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-disposition']).toBe(`attachment; filename="application-data-${id}.json"`)
    const data = response.json()
    expect(data.application.id).toBe(id)
    expect(data.client).toMatchObject({ id: clientId, ssn: '***-**-6789' })
    expect(response.body).not.toContain('123-45-6789')
    const trail = (await get(admin, `/api/compliance/audit/${id}`)).json().data as AuditRecord[]
    expect(trail[0]).toMatchObject({ event: 'compliance.application_data_downloaded', action: 'downloaded' })
  })

  it('answers 404 for another agency’s application on the trail, report and download', async () => {
    await expectOtherAgencyGets404(test, [
      ...[
        (id: string) => `/api/compliance/audit?applicationId=${id}`,
        (id: string) => `/api/compliance/audit/${id}`,
        (id: string) => `/api/compliance/report/${id}`,
        (id: string) => `/api/compliance/report/${id}?format=pdf`,
        (id: string) => `/api/compliance/download/${id}`,
      ].map((url) => ({
        method: 'GET' as const,
        url,
        create: async (_: TestApp, owner: SignedInUser) => (await createApplication(owner)).id,
      })),
    ])
  })
})

describe('GET /api/compliance/terms', () => {
  it('answers every field of the Terms entity, version 1.0', async () => {
    const user = await signUp(test)
    const response = await get(user, '/api/compliance/terms')
    expect(response.statusCode).toBe(200)
    const terms = TermsSchema.strict().parse(response.json().data)
    expect(terms).toEqual(COMPLIANCE_TERMS)
    expect(terms.version).toBe('1.0')
    expect(terms.complianceLinks.length).toBeGreaterThan(3)
    expect(terms.complianceRequirements.join(' ')).toMatch(/Part 500.*NAIC.*Gramm-Leach-Bliley/s)
  })
})

describe('/api/compliance/retention', () => {
  it('reads 7 years by default; an admin sets it (audited), an agent may not, and 0 or 101 is refused', async () => {
    const admin = await signUp(test)
    expect((await get(admin, '/api/compliance/retention')).json()).toEqual({ retentionYears: 7 })
    const put = (user: SignedInUser, retentionYears: unknown) =>
      test.request({
        method: 'PUT',
        url: '/api/compliance/retention',
        cookie: user.cookie,
        payload: { retentionYears },
      })
    expect((await put(admin, 10)).json()).toEqual({ retentionYears: 10 })
    expect((await get(admin, '/api/compliance/retention')).json()).toEqual({ retentionYears: 10 })
    for (const bad of [0, 101, 2.5]) {
      const refused = await put(admin, bad)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors[0].message).toBe('Retention must be a whole number of years from 1 to 100')
    }
    const [changed] = (await history(admin, '?action=compliance.retention_changed')).data
    expect(changed).toMatchObject({ actionDescription: 'Changed the retention period' })
    const rows = await test.db.execute(sql`SELECT details FROM audit_events WHERE id = ${changed!.id}`)
    expect((rows as unknown as { rows: { details: unknown }[] }).rows[0]!.details).toEqual({
      from: 7,
      to: 10,
    })
    await setUserRole(test.db, admin.email, 'agent')
    const agent = { ...admin, cookie: await signIn(test, admin) }
    expect((await put(agent, 5)).statusCode).toBe(403)
  })
})

it('has the spec’s empty-state texts', () => {
  expect(COMPLIANCE_MESSAGES.noAuditRecords).toBe('No audit records found.')
  expect(COMPLIANCE_MESSAGES.noAuditTrail).toBe('No audit trail found for this application.')
})
