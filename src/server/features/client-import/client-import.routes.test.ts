import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { BATCH_FAILED_TEXT } from '#server/platform/spreadsheet-import/import-errors.ts'
import { IMPORT_BATCH_SIZE } from '#server/platform/spreadsheet-import/import-limits.ts'
import { IMPORT_TEXTS, ImportResultSchema } from '#shared/contracts/client-import.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { clientsOf, csvOf, HEADER, multipartBody, uploadFile } from './client-import.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

async function addClient(user: SignedInUser, email: string) {
  const response = await test.request({
    method: 'POST',
    url: '/api/clients',
    cookie: user.cookie,
    payload: {
      firstName: 'Old',
      lastName: 'Timer',
      email,
      phone: '5550101234',
      dateOfBirth: '1970-01-01',
      address: '1 Elm St',
      city: 'Dover',
      state: 'DE',
      zipCode: '19901',
    },
  })
  expect(response.statusCode, response.body).toBe(201)
}

describe('POST /api/clients/import', () => {
  it('imports valid rows and lists duplicates (agency and file) and every row problem exactly', async () => {
    const owner = await signUp(test)
    await addClient(owner, 'existing@example.com')
    const file = csvOf([
      [...HEADER, 'Date of Birth', 'Insurance Type', 'Notes'],
      [
        'Ana',
        'Lopez',
        ' Ana.Lopez@Example.com ',
        '(555) 201-3344',
        '1985-03-12',
        'Auto',
        "=cmd|' /C calc'!A0",
      ],
      ['Ben', 'Ng', 'EXISTING@example.com', '5552013345', '', '', ''],
      ['Cy', 'Ray', 'ana.lopez@example.com', '5552013346', '', '', ''],
      ['', 'Dee', 'dee@example.com', '5552013347', '', '', ''],
      ['Eve', 'Fox', 'not-an-email', '555-0100', '13/45/1990', 'boat', ''],
      [],
      ['Gus', 'Hall', 'gus@example.com', '555 201 3348', 'March 12, 1985', 'life', '@SUM(A1)'],
    ])

    const response = await uploadFile(test, owner.cookie, 'clients.csv', file)

    expect(response.statusCode, response.body).toBe(200)
    const result = ImportResultSchema.parse(response.json())
    expect(result).toEqual({
      success: true,
      totalRows: 6,
      successCount: 2,
      imported: ['Ana Lopez <ana.lopez@example.com>', 'Gus Hall <gus@example.com>'],
      duplicates: ['Row 3: existing@example.com', 'Row 4: ana.lopez@example.com'],
      errors: [
        { row: 5, message: 'First Name is required', field: 'First Name' },
        { row: 6, message: IMPORT_TEXTS.invalidEmail, field: 'Email' },
        { row: 6, message: IMPORT_TEXTS.invalidPhone, field: 'Phone' },
        { row: 6, message: IMPORT_TEXTS.invalidDate, field: 'Date of Birth' },
        { row: 6, message: IMPORT_TEXTS.invalidInsuranceType, field: 'Insurance Type' },
      ],
    })
    const rows = await clientsOf(test, owner)
    expect(rows.map((r) => r.email)).toEqual([
      'ana.lopez@example.com',
      'existing@example.com',
      'gus@example.com',
    ])
    expect(rows[0]).toMatchObject({
      firstName: 'Ana',
      phone: '(555) 201-3344',
      dateOfBirth: '1985-03-12',
      insuranceType: 'auto',
      // Stored exactly as typed: we never evaluate, and the export side neutralises it.
      notes: "=cmd|' /C calc'!A0",
      createdByUserId: owner.user.id,
    })
    expect(rows[1]).toMatchObject({ firstName: 'Old' })
    expect(rows[2]).toMatchObject({ dateOfBirth: '1985-03-12', insuranceType: 'life', notes: '@SUM(A1)' })

    const events = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.agencyId, owner.user.agencyId), eq(auditEvents.action, 'client.imported')))
    expect(events).toHaveLength(1)
    expect(events[0]!.details).toMatchObject({
      fileKind: 'csv',
      totalRows: 6,
      imported: 2,
      duplicates: 2,
      errors: 5,
      batchFailed: false,
    })
    expect(JSON.stringify(events[0])).not.toMatch(/lopez|Ana|clients\.csv/i)
  })

  it('matches header names without case, spaces or punctuation, and their usual aliases', async () => {
    const owner = await signUp(test)
    const headers = [
      ['first name', 'LastName', 'E-mail', 'Phone Number', 'DOB', 'Zip'],
      ['FIRST_NAME', ' Last  Name ', 'EMAIL', 'phone', 'date of birth', 'ZIP Code'],
      [' First  Name ', 'last_name', 'Email Address', 'Telephone', 'Birth Date', 'Postal Code'],
    ]
    for (const [index, header] of headers.entries()) {
      const file = csvOf([
        header,
        ['Ida', 'Moss', `ida${index}@example.com`, '5552013344', '1990-07-04', '02134'],
      ])
      const response = await uploadFile(test, owner.cookie, 'clients.csv', file)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ successCount: 1, errors: [] })
    }
    const rows = await clientsOf(test, owner)
    expect(rows).toHaveLength(3)
    for (const row of rows) expect(row).toMatchObject({ dateOfBirth: '1990-07-04', zipCode: '02134' })
  })

  it('reads a UTF-8 CSV with a BOM and semicolons, quoted fields and blank lines', async () => {
    const owner = await signUp(test)
    const file = `\uFEFFFirst Name;Last Name;Email;Phone;Address;Notes\r\n\r\nZoë;"O'Neil; Jr";zoe@example.com;5552013344;"12 Main St\r\nApt 4";5'10" tall\r\n`
    const response = await uploadFile(test, owner.cookie, 'europe.csv', file)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ totalRows: 1, imported: ["Zoë O'Neil; Jr <zoe@example.com>"] })
    const [row] = await clientsOf(test, owner)
    expect(row).toMatchObject({
      firstName: 'Zoë',
      lastName: "O'Neil; Jr",
      address: '12 Main St\r\nApt 4',
      notes: `5'10" tall`,
    })
  })

  it('counts rows as the spreadsheet shows them: blank lines keep their numbers but are not counted', async () => {
    const owner = await signUp(test)
    const file = `\t\r\n${csvOf([HEADER, [], ['A', 'B', 'bad', '5552013344'], [], ['C', 'D', 'cd@example.com', '5552013344']], '\t')}`
    const response = await uploadFile(test, owner.cookie, 'tabs.csv', file)
    expect(response.json()).toMatchObject({
      totalRows: 2,
      successCount: 1,
      errors: [{ row: 4, field: 'Email', message: IMPORT_TEXTS.invalidEmail }],
    })
  })

  it('reads a Windows-1252 CSV (Excel on Windows) without mangling accents', async () => {
    const owner = await signUp(test)
    const text = csvOf([HEADER, ['José', 'Peña', 'jose@example.com', '5552013344']])
    const bytes = Buffer.from(text, 'latin1')
    const response = await uploadFile(test, owner.cookie, 'windows.csv', bytes)
    expect(response.statusCode, response.body).toBe(200)
    const [row] = await clientsOf(test, owner)
    expect(row).toMatchObject({ firstName: 'José', lastName: 'Peña' })
  })

  it("writes only to the caller's agency and judges duplicates per agency", async () => {
    const agencyA = await signUp(test)
    const agencyB = await signUp(test)
    await addClient(agencyA, 'shared@example.com')
    const before = await clientsOf(test, agencyA)
    const file = csvOf([HEADER, ['Sam', 'Lee', 'shared@example.com', '5552013344']])

    const response = await uploadFile(test, agencyB.cookie, 'b.csv', file)

    expect(response.json()).toMatchObject({ successCount: 1, duplicates: [] })
    expect(await clientsOf(test, agencyA)).toEqual(before)
    const [imported] = await clientsOf(test, agencyB)
    expect(imported).toMatchObject({ firstName: 'Sam', agencyId: agencyB.user.agencyId })
    // A's second import of the same email is a duplicate in A.
    const again = await uploadFile(test, agencyA.cookie, 'a.csv', file)
    expect(again.json()).toMatchObject({ successCount: 0, duplicates: ['Row 2: shared@example.com'] })
  })

  it('commits each batch on its own: a failing batch rolls back whole and earlier batches stay', async () => {
    const owner = await signUp(test)
    const rows = Array.from({ length: IMPORT_BATCH_SIZE + 300 }, (_, i) => [
      i === IMPORT_BATCH_SIZE + 150 ? 'Boom' : `P${i}`,
      'Batch',
      `p${i}@example.com`,
      '5552013344',
    ])
    await test.db.execute(sql`
      create function import_test_boom() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Boom' then raise exception 'boom'; end if;
        return new;
      end $$`)
    await test.db.execute(sql`
      create trigger import_test_boom before insert on clients
      for each row execute function import_test_boom()`)
    try {
      const response = await uploadFile(test, owner.cookie, 'big.csv', csvOf([HEADER, ...rows]))
      expect(response.statusCode, response.body).toBe(200)
      const result = response.json()
      expect(result).toMatchObject({ success: true, totalRows: IMPORT_BATCH_SIZE + 300 })
      expect(result.successCount).toBe(IMPORT_BATCH_SIZE)
      // The second batch starts at data row IMPORT_BATCH_SIZE + 1, which is sheet row IMPORT_BATCH_SIZE + 2.
      expect(result.errors).toEqual([{ row: IMPORT_BATCH_SIZE + 2, message: BATCH_FAILED_TEXT }])
    } finally {
      await test.db.execute(sql`drop trigger import_test_boom on clients`)
      await test.db.execute(sql`drop function import_test_boom`)
    }
    const saved = await clientsOf(test, owner)
    expect(saved).toHaveLength(IMPORT_BATCH_SIZE)
    const emails = new Set(saved.map((row) => row.email))
    expect(emails.has(`p${IMPORT_BATCH_SIZE - 1}@example.com`)).toBe(true)
    // Rows of the failed batch before the one that broke it were rolled back with it.
    expect(emails.has(`p${IMPORT_BATCH_SIZE}@example.com`)).toBe(false)
    const [event] = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.agencyId, owner.user.agencyId), eq(auditEvents.action, 'client.imported')))
    expect(event!.details).toMatchObject({ imported: IMPORT_BATCH_SIZE, batchFailed: true })

    // Importing the same file again finishes the job; the saved rows come back as duplicates.
    const retry = await uploadFile(test, owner.cookie, 'big.csv', csvOf([HEADER, ...rows]))
    expect(retry.json()).toMatchObject({ successCount: 300, errors: [] })
    expect(retry.json().duplicates).toHaveLength(IMPORT_BATCH_SIZE)
  })

  it('needs a session', async () => {
    const response = await test.request({
      method: 'POST',
      url: '/api/clients/import',
      ...multipartBody('a.csv', csvOf([HEADER])),
    })
    expect(response.statusCode).toBe(401)
  })

  it('answers 400 with the spec text when no file is sent', async () => {
    const owner = await signUp(test)
    const asJson = await test.request({
      method: 'POST',
      url: '/api/clients/import',
      cookie: owner.cookie,
      payload: { file: 'x' },
    })
    expect(asJson.statusCode).toBe(400)
    expect(asJson.json()).toEqual({ message: IMPORT_TEXTS.noFile })
    const noFileChosen = await test.request({
      method: 'POST',
      url: '/api/clients/import',
      cookie: owner.cookie,
      ...multipartBody('', ''),
    })
    expect(noFileChosen.statusCode).toBe(400)
    expect(noFileChosen.json()).toEqual({ message: IMPORT_TEXTS.noFile })
    const otherField = await test.request({
      method: 'POST',
      url: '/api/clients/import',
      cookie: owner.cookie,
      ...multipartBody('a.csv', csvOf([HEADER]), 'upload'),
    })
    expect(otherField.json()).toEqual({ message: IMPORT_TEXTS.noFile })
  })
})
