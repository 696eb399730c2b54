import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientImports } from '#server/features/client-import/client-import.table.ts'
import { xlsOf } from '#server/features/client-import/client-import.test-support.ts'
import { IMPORT_STALE_SECONDS } from '#server/features/client-import/import-records.service.ts'
import { addClient } from '#server/features/policies/policies.test-support.ts'
import { POLICY_TEXTS } from '#shared/contracts/policies-texts.ts'
import { POLICY_IMPORT_TEXTS as T } from '#shared/contracts/policy-import.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, signUp } from '#test/factories.ts'
import {
  bookRow,
  clientsOf,
  csvOf,
  ownCarriersOf,
  POLICY_HEADER,
  policiesOf,
  uploadBook,
} from './policy-import.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

describe('POST /api/policies/import matching', () => {
  it('matches insureds by email, then by name and ZIP code, and creates the rest once', async () => {
    const owner = await signUp(test)
    const maria = await addClient(test, owner, 'Maria', 'Gonzalez')
    const mariaEmail = (await clientsOf(test, owner))[0]!.email!
    const file = csvOf([
      POLICY_HEADER,
      bookRow({ number: 'E-1', first: 'M.', last: 'G.', email: mariaEmail!.toUpperCase() }),
      bookRow({ number: 'N-1', first: 'MARIA', last: 'gonzalez', zip: '95814' }),
      bookRow({ number: 'Z-1', first: 'Maria', last: 'Gonzalez', zip: '10001' }),
      bookRow({ number: 'Z-2', first: 'Maria', last: 'Gonzalez', zip: '10001' }),
    ])
    const response = await uploadBook(test, owner.cookie, 'insureds.csv', file)
    expect(response.json()).toMatchObject({ imported: 4, clientsCreated: 1, errors: [] })
    const byNumber = new Map((await policiesOf(test, owner)).map((p) => [p.policyNumber, p.clientId]))
    expect(byNumber.get('E-1')).toBe(maria)
    expect(byNumber.get('N-1')).toBe(maria)
    expect(byNumber.get('Z-1')).not.toBe(maria)
    expect(byNumber.get('Z-2')).toBe(byNumber.get('Z-1'))
    const created = (await clientsOf(test, owner)).at(-1)!
    expect(created).toMatchObject({ firstName: 'Maria', lastName: 'Gonzalez', zipCode: '10001', email: null })
  })

  it('matches carriers by name whatever their Insurance/Ins./Co. words, and creates unknown ones once', async () => {
    const owner = await signUp(test)
    const variants = ['Amberfield Mutual Insurance Co.', 'AMBERFIELD MUTUAL INS', 'amberfield-mutual company']
    const file = csvOf([
      POLICY_HEADER,
      ...variants.map((carrier, i) => bookRow({ number: `C-${i}`, carrier })),
      bookRow({ number: 'O-1', carrier: 'Harbor Light Insurance Company', line: 'life' }),
      bookRow({ number: 'O-2', carrier: 'Harbor Light Ins.', line: 'commercial' }),
    ])
    const response = await uploadBook(test, owner.cookie, 'carriers.csv', file)
    expect(response.json()).toMatchObject({ imported: 5, carriersCreated: 1, errors: [] })
    const own = await ownCarriersOf(test, owner)
    expect(own).toEqual([
      expect.objectContaining({
        name: 'Harbor Light Insurance Company',
        supportedTypes: ['life', 'commercial'],
      }),
    ])
    const carrierIds = new Set((await policiesOf(test, owner)).map((p) => p.carrierId))
    expect(carrierIds.size).toBe(2)
    // The next file finds the agency's own carrier by name too.
    const again = await uploadBook(
      test,
      owner.cookie,
      'more.csv',
      csvOf([POLICY_HEADER, bookRow({ number: 'O-3', carrier: 'HARBOR LIGHT' })]),
    )
    expect(again.json()).toMatchObject({ imported: 1, carriersCreated: 0 })
  })

  it('sets the producer by email among the agency’s users, else the importer with a row warning', async () => {
    const owner = await signUp(test)
    const colleague = await addAgent(test, owner.user.agencyId)
    const stranger = await signUp(test)
    const file = csvOf([
      POLICY_HEADER,
      bookRow({ number: 'P-1', producer: colleague.email.toUpperCase() }),
      bookRow({ number: 'P-2', producer: stranger.email }),
      bookRow({ number: 'P-3' }),
    ])
    const response = await uploadBook(test, owner.cookie, 'producers.csv', file)
    expect(response.json()).toMatchObject({
      imported: 3,
      warnings: [
        { row: 3, field: 'Producer Email', message: T.unknownProducer.replace('{email}', stranger.email) },
      ],
    })
    const producers = (await policiesOf(test, owner)).map((p) => p.producerUserId)
    expect(producers).toEqual([colleague.user.id, owner.user.id, owner.user.id])
  })
})

describe('POST /api/policies/import idempotence', () => {
  it('adds nothing the second time and lists every row as a duplicate, with a repeat in the file', async () => {
    const owner = await signUp(test)
    const rows = Array.from({ length: 25 }, (_, i) => bookRow({ number: `D-${i}`, email: `d${i}@x.example` }))
    const file = csvOf([
      POLICY_HEADER,
      ...rows,
      bookRow({ number: ' d-1 ', carrier: 'Amberfield Mutual Co' }),
    ])
    const first = await uploadBook(test, owner.cookie, 'book.csv', file)
    expect(first.json()).toMatchObject({ imported: 25, duplicates: [{ row: 27, policyNumber: 'd-1' }] })
    const clients = (await clientsOf(test, owner)).length
    const second = await uploadBook(test, owner.cookie, 'book.csv', file)
    expect(second.json()).toMatchObject({ imported: 0, clientsCreated: 0, carriersCreated: 0, errors: [] })
    expect(second.json().duplicates.map((d: { row: number }) => d.row)).toEqual(
      Array.from({ length: 26 }, (_, i) => i + 2),
    )
    expect(await policiesOf(test, owner)).toHaveLength(25)
    expect(await clientsOf(test, owner)).toHaveLength(clients)
  })

  it('resumes an interrupted import: the record says interrupted, the rerun adds the rest', async () => {
    const owner = await signUp(test)
    const rows = Array.from({ length: 60 }, (_, i) => bookRow({ number: `I-${i}` }))
    // What the killed run had committed: its first whole batch (here the first 40 rows).
    await uploadBook(test, owner.cookie, 'first-part.csv', csvOf([POLICY_HEADER, ...rows.slice(0, 40)]))
    await test.db.insert(clientImports).values({
      agencyId: owner.user.agencyId,
      userId: owner.user.id,
      kind: 'policies',
      fileName: 'book.csv',
      lastRow: 45,
      heartbeatAt: sql`now() - make_interval(secs => ${IMPORT_STALE_SECONDS + 5})`,
    })
    const history = await test.request({
      method: 'GET',
      url: '/api/policies/import/history',
      cookie: owner.cookie,
    })
    expect(history.json().data[0]).toMatchObject({ fileName: 'book.csv', status: 'interrupted', lastRow: 45 })
    const rerun = await uploadBook(test, owner.cookie, 'book.csv', csvOf([POLICY_HEADER, ...rows]))
    expect(rerun.statusCode, rerun.body).toBe(200)
    expect(rerun.json()).toMatchObject({ totalRows: 60, imported: 20 })
    expect(rerun.json().duplicates).toHaveLength(40)
    expect(await policiesOf(test, owner)).toHaveLength(60)
  })
})

describe('POST /api/policies/import refused rows', () => {
  it('lists each refused row with its row number and reason, and imports the others', async () => {
    const owner = await signUp(test)
    const file = csvOf([
      POLICY_HEADER,
      bookRow({ number: 'OK-1' }),
      bookRow({ number: '' }),
      bookRow({ number: 'B-2', effective: '2026-02-30' }),
      bookRow({ number: 'B-3', effective: '2026-06-01', expiration: '2026-01-01' }),
      bookRow({ number: 'B-4', premium: '-5' }),
      bookRow({ number: 'B-5', premium: 'twelve' }),
      bookRow({ number: 'B-6', line: 'boat' }),
      bookRow({ number: 'B-7', email: 'not-an-email' }),
      bookRow({ number: 'B-9', expiration: '2031-01-01' }),
    ])
    const response = await uploadBook(test, owner.cookie, 'bad.csv', file)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ totalRows: 9, imported: 1 })
    expect(response.json().errors).toEqual([
      { row: 3, field: 'Policy Number', message: 'Policy Number is required' },
      { row: 4, field: 'Effective Date', message: 'Effective Date is not a date' },
      { row: 5, field: 'Expiration Date', message: POLICY_TEXTS.expirationBeforeEffective },
      { row: 6, field: 'Annual Premium', message: T.invalidPremium },
      { row: 7, field: 'Annual Premium', message: T.invalidPremium },
      { row: 8, field: 'Line of Business', message: T.invalidLine },
      { row: 9, field: 'Insured Email', message: 'Insured Email is not a valid email address' },
      { row: 10, field: 'Expiration Date', message: POLICY_TEXTS.termTooLong },
    ])
    expect((await policiesOf(test, owner)).map((p) => p.policyNumber)).toEqual(['OK-1'])
  })

  it('refuses a cell holding a control character (a CSV with one is no spreadsheet at all)', async () => {
    const owner = await signUp(test)
    const book = xlsOf([POLICY_HEADER, bookRow({ number: 'B-\u0001' }), bookRow({ number: 'OK-2' })])
    const response = await uploadBook(test, owner.cookie, 'legacy.xls', book)
    expect(response.json()).toMatchObject({
      imported: 1,
      errors: [
        { row: 2, field: 'Policy Number', message: T.controlCharacters.replace('{field}', 'Policy Number') },
      ],
    })
  })
})
