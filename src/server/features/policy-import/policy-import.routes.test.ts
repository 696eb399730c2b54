import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartBody } from '#server/features/client-import/client-import.test-support.ts'
import { auditEvents } from '#server/platform/audit.table.ts'
import {
  POLICY_IMPORT_TEMPLATE_NAME,
  PolicyImportResultSchema,
  POLICY_IMPORT_TEXTS as T,
} from '#shared/contracts/policy-import.contract.ts'
import { IMPORT_MAX_BYTES } from '#shared/contracts/spreadsheet-import.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import {
  bookRow,
  csvOf,
  POLICY_HEADER,
  policiesOf,
  uploadBook,
  xlsxOf,
} from './policy-import.test-support.ts'
import { POLICY_TEMPLATE_EXAMPLE } from './write-policy-template.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const fileError = (message: string) => ({ message, errors: [{ path: 'file', message }] })

describe('POST /api/policies/import', () => {
  it('imports a CSV book: policies with their first term and new-business transaction', async () => {
    const owner = await signUp(test)
    const file = csvOf([
      POLICY_HEADER,
      bookRow({ number: 'AUT-1', premium: '1,234.50', email: 'ana@example.com' }),
      bookRow({ number: 'HOM-2', line: 'Property', first: 'Omar', last: 'Haddad', premium: 980 }),
    ])
    const response = await uploadBook(test, owner.cookie, 'book.csv', file)
    expect(response.statusCode, response.body).toBe(200)
    const result = PolicyImportResultSchema.parse(response.json())
    expect(result).toMatchObject({ totalRows: 2, imported: 2, duplicates: [], errors: [], warnings: [] })
    expect(result).toMatchObject({ clientsCreated: 2, carriersCreated: 0 })
    const list = await test.request({ method: 'GET', url: '/api/policies', cookie: owner.cookie })
    const byNumber = new Map(list.json().policies.map((p: { policyNumber: string }) => [p.policyNumber, p]))
    expect(byNumber.get('AUT-1')).toMatchObject({
      carrierName: 'Amberfield Mutual',
      lineOfBusiness: 'auto',
      insuredName: 'Jordan Sample',
      annualPremium: 1234.5,
      effectiveDate: '2026-01-01',
      expirationDate: '2027-01-01',
      producerUserId: owner.user.id,
    })
    const id = (byNumber.get('HOM-2') as { id: string }).id
    const policy = (
      await test.request({ method: 'GET', url: `/api/policies/${id}`, cookie: owner.cookie })
    ).json()
    expect(policy).toMatchObject({ source: 'imported', lineOfBusiness: 'property', annualPremium: 980 })
    expect(policy.terms).toHaveLength(1)
    expect(policy.terms[0].transactions).toEqual([
      expect.objectContaining({ kind: 'new_business', premiumChange: 980, effectiveDate: '2026-01-01' }),
    ])
  })

  it('imports an XLSX book with dates as Excel dates and premiums as numbers', async () => {
    const owner = await signUp(test)
    const book = await xlsxOf([
      POLICY_HEADER,
      bookRow({ number: 'X-1', effective: 46_023, expiration: 46_388, premium: 1500.25 }),
      bookRow({ number: 'X-2', effective: '03/15/2026', expiration: '3/15/27', premium: '$700' }),
    ])
    const response = await uploadBook(test, owner.cookie, 'book.xlsx', book)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ totalRows: 2, imported: 2, errors: [] })
    const rows = await policiesOf(test, owner)
    expect(
      rows.map((p) => [p.policyNumber, p.effectiveDate, p.expirationDate, p.writtenPremiumCents]),
    ).toEqual([
      ['X-1', '2026-01-01', '2027-01-01', 150_025],
      ['X-2', '2026-03-15', '2027-03-15', 70_000],
    ])
  })

  it('matches headers without regard to case, spaces or punctuation, in any order', async () => {
    const owner = await signUp(test)
    const header = [
      'PREMIUM',
      'policy #',
      'carrier_name',
      'L.O.B.',
      'first name',
      'LAST-NAME',
      'Eff. Date',
      'Exp Date',
      'e-mail',
    ]
    const file = csvOf([
      header,
      [
        '99.99',
        'V-1',
        'Copperleaf Mutual',
        'life',
        'Ivy',
        'Stone',
        '2026-02-01',
        '2027-02-01',
        'ivy@x.example',
      ],
    ])
    const response = await uploadBook(test, owner.cookie, 'variants.csv', file)
    expect(response.json()).toMatchObject({ imported: 1, errors: [] })
  })

  it('audits the import once, with its counts', async () => {
    const owner = await signUp(test)
    await uploadBook(test, owner.cookie, 'a.csv', csvOf([POLICY_HEADER, bookRow({ number: 'AU-1' })]))
    const events = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.agencyId, owner.user.agencyId), eq(auditEvents.action, 'policy.imported')))
    expect(events).toHaveLength(1)
    expect(events[0]!.details).toMatchObject({ totalRows: 1, imported: 1, duplicates: 0, errors: 0 })
  })
})

describe('POST /api/policies/import refusals', () => {
  let owner: SignedInUser
  beforeAll(async () => {
    owner = await signUp(test)
  })

  it('answers 400 on the file field for a missing, empty, wrong or oversized file, never 500', async () => {
    const none = await test.request({
      method: 'POST',
      url: '/api/policies/import',
      cookie: owner.cookie,
      ...multipartBody('book.csv', 'x', 'other'),
    })
    expect([none.statusCode, none.json()]).toEqual([400, fileError(T.noFile)])
    const empty = await uploadBook(test, owner.cookie, 'book.csv', '')
    expect([empty.statusCode, empty.json()]).toEqual([400, fileError(T.emptyFile)])
    const pdf = await uploadBook(test, owner.cookie, 'book.pdf', '%PDF-1.7')
    expect([pdf.statusCode, pdf.json()]).toEqual([400, fileError(T.wrongType)])
    const nul = await uploadBook(test, owner.cookie, 'book.csv', `${POLICY_HEADER.join(',')}\r\nA\u0000B`)
    expect([nul.statusCode, nul.json()]).toEqual([400, fileError(T.wrongType)])
    const big = await uploadBook(test, owner.cookie, 'book.csv', Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'))
    expect([big.statusCode, big.json()]).toEqual([400, fileError(T.tooLarge)])
    const headless = await uploadBook(test, owner.cookie, 'book.csv', 'a,b\r\n1,2\r\n')
    expect([headless.statusCode, headless.json()]).toEqual([400, fileError(T.noHeader)])
    expect(await policiesOf(test, owner)).toEqual([])
  })

  it('answers 401 without a session, on every call', async () => {
    for (const [method, url] of [
      ['POST', '/api/policies/import'],
      ['GET', '/api/policies/import/history'],
      ['GET', '/api/policies/import/template'],
      ['GET', '/api/policies/import/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await test.request({
        method,
        url,
        ...(method === 'POST' ? multipartBody('book.csv', 'x') : {}),
      })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})

describe('GET /api/policies/import/template', () => {
  it('downloads the CSV template with the columns in order and an example that imports', async () => {
    const owner = await signUp(test)
    const response = await test.request({
      method: 'GET',
      url: '/api/policies/import/template',
      cookie: owner.cookie,
    })
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${POLICY_IMPORT_TEMPLATE_NAME}"`,
    )
    const [header, example] = response.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(header).toBe(POLICY_HEADER.join(','))
    expect(example).toContain(POLICY_TEMPLATE_EXAMPLE['Policy Number'])
    const imported = await uploadBook(test, owner.cookie, POLICY_IMPORT_TEMPLATE_NAME, response.body)
    expect(imported.json()).toMatchObject({ imported: 1, errors: [] })
  })
})

describe('import records', () => {
  it('reads an import’s record by id and lists the agency’s; another agency’s is 404', async () => {
    const owner = await signUp(test)
    const done = await uploadBook(
      test,
      owner.cookie,
      'rec.csv',
      csvOf([POLICY_HEADER, bookRow({ number: 'R-1' })]),
    )
    const { importId } = done.json()
    const record = await test.request({
      method: 'GET',
      url: `/api/policies/import/${importId}`,
      cookie: owner.cookie,
    })
    expect(record.json()).toMatchObject({
      id: importId,
      fileName: 'rec.csv',
      status: 'completed',
      imported: 1,
    })
    const history = await test.request({
      method: 'GET',
      url: '/api/policies/import/history',
      cookie: owner.cookie,
    })
    expect(history.json().data.map((r: { id: string }) => r.id)).toEqual([importId])
    // The client import's history does not list it.
    const clientHistory = await test.request({
      method: 'GET',
      url: '/api/clients/import/history',
      cookie: owner.cookie,
    })
    expect(clientHistory.json().data).toEqual([])
    await expectOtherAgencyGets404(test, [
      {
        method: 'GET',
        url: (id) => `/api/policies/import/${id}`,
        create: async (t, user) =>
          (
            await uploadBook(t, user.cookie, 'b.csv', csvOf([POLICY_HEADER, bookRow({ number: 'T-1' })]))
          ).json().importId,
      },
    ])
  })
})
