import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import {
  clientsOf,
  HEADER,
  SHEET_CLOSE,
  SHEET_OPEN,
  uploadFile,
  xlsOf,
  xlsxOf,
  xlsxWithSheet,
} from './client-import.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

describe('POST /api/clients/import with spreadsheets', () => {
  it('reads an .xlsx: serial and Date cells become ISO dates, number phones and zips become digits', async () => {
    const owner = await signUp(test)
    const file = await xlsxOf([
      [...HEADER, 'Date of Birth', 'Zip Code', 'Insurance Type'],
      ['Ana', 'Lopez', 'ana@example.com', 5552013344, 31117, 2134, 'HEALTHCARE'],
      ['Ben', 'Ng', 'ben@example.com', 5.552013345e9, new Date(Date.UTC(1990, 6, 4)), '10001-1234', ''],
      ['Cy', 'Ray', 'cy@example.com', '5.55E+09', '3/12/85', 94105, ''],
    ])

    const response = await uploadFile(test, owner.cookie, 'clients.xlsx', file)

    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      totalRows: 3,
      successCount: 2,
      // '5.55E+09' as text has lost its digits: refused, not imported as 5550000000.
      errors: [{ row: 4, field: 'Phone', message: IMPORT_TEXTS.invalidPhone }],
    })
    const [ana, ben] = await clientsOf(test, owner)
    expect(ana).toMatchObject({
      phone: '5552013344',
      dateOfBirth: '1985-03-11',
      zipCode: '02134',
      insuranceType: 'healthcare',
    })
    expect(ben).toMatchObject({ phone: '5552013345', dateOfBirth: '1990-07-04', zipCode: '10001-1234' })
  })

  it('reads the first sheet in tab order only, whatever its name', async () => {
    const owner = await signUp(test)
    const file = await xlsxOf([HEADER, ['Ann', 'Lee', 'ann@example.com', '5552013344']], {
      configure: (sheet) => {
        const second = sheet.workbook.addWorksheet('Second')
        second.addRow(HEADER)
        second.addRow(['Not', 'Me', 'not@example.com', '5552013344'])
      },
    })
    const response = await uploadFile(test, owner.cookie, 'two-sheets.xlsx', file)
    expect(response.json()).toMatchObject({ totalRows: 1, imported: ['Ann Lee <ann@example.com>'] })
    // A cover sheet in front is the first sheet, and it has no header.
    const covered = await xlsxOf([HEADER, ['Ann', 'Lee', 'ann@example.com', '5552013344']], {
      sheetsBefore: ['Cover'],
    })
    const refused = await uploadFile(test, owner.cookie, 'cover.xlsx', covered)
    expect(refused.json()).toEqual({ message: IMPORT_TEXTS.noHeader })
  })

  it('stores a formula cell as its cached result and text that looks like a formula as text, never evaluating', async () => {
    const owner = await signUp(test)
    const file = await xlsxOf([
      [...HEADER, 'Notes', 'City'],
      [
        'Ann',
        'Lee',
        { formula: 'LOWER("ANN@EXAMPLE.COM")', result: 'ann@example.com' },
        '5552013344',
        '=HYPERLINK("http://evil.example","click")',
        { formula: 'NOW()' },
      ],
      [
        'Bo',
        'Day',
        'bo@example.com',
        { formula: '5552013300+44', result: 5552013344 },
        "+cmd|' /C calc'!A0",
        '',
      ],
    ])
    const response = await uploadFile(test, owner.cookie, 'formulas.xlsx', file)
    expect(response.json()).toMatchObject({ successCount: 2, errors: [] })
    const [ann, bo] = await clientsOf(test, owner)
    expect(ann).toMatchObject({
      email: 'ann@example.com',
      notes: '=HYPERLINK("http://evil.example","click")',
      // A formula without a cached value is empty: we never compute NOW().
      city: null,
    })
    expect(bo).toMatchObject({ phone: '5552013344', notes: "+cmd|' /C calc'!A0" })
  })

  it('keeps accents whole even where a zip chunk boundary falls inside a character', async () => {
    const owner = await signUp(test)
    const rows = Array.from({ length: 40 }, (_, i) => [
      'Zoë',
      'Ñúñez',
      `z${i}@example.com`,
      '5552013344',
      'é'.repeat(1999 + i),
    ])
    const response = await uploadFile(
      test,
      owner.cookie,
      'accents.xlsx',
      await xlsxOf([[...HEADER, 'Notes'], ...rows]),
    )
    expect(response.json()).toMatchObject({ successCount: 40, errors: [] })
    const saved = await clientsOf(test, owner)
    for (const row of saved) {
      expect(row.notes).toMatch(/^é+$/)
      expect(row.lastName).toBe('Ñúñez')
    }
  })

  it('reads a sheet from another writer (inline strings, no shared strings); refuses one without row numbers', async () => {
    const owner = await signUp(test)
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`
    const sheetOf = (rowTag: (n: number) => string) =>
      SHEET_OPEN +
      `${rowTag(1)}${cell('A1', 'First Name')}${cell('B1', 'Last Name')}${cell('C1', 'Email')}${cell('D1', 'Phone')}</row>` +
      `${rowTag(2)}${cell('A2', 'Ann &amp; Co')}${cell('B2', 'Lee')}${cell('C2', 'ann@example.com')}<c r="D2"><v>5552013344</v></c></row>` +
      SHEET_CLOSE
    const numbered = xlsxWithSheet({ data: Buffer.from(sheetOf((n) => `<row r="${n}">`)) })
    const response = await uploadFile(test, owner.cookie, 'other.xlsx', numbered)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ imported: ['Ann & Co Lee <ann@example.com>'] })
    // Row numbers are optional in the format but exceljs needs them: a clear 400, never a 500.
    const unnumbered = xlsxWithSheet({ data: Buffer.from(sheetOf(() => '<row>')) })
    const refused = await uploadFile(test, owner.cookie, 'unnumbered.xlsx', unnumbered)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ message: IMPORT_TEXTS.corrupt })
  })

  it('reads a legacy .xls: numbers, serial dates and the first sheet', async () => {
    const owner = await signUp(test)
    const file = xlsOf([
      [...HEADER, 'DOB', 'Zip'],
      ['Ann', 'Lee', 'ANN@example.com', 5552013344, 31118, 2134],
      ['Bo', '', 'bo@example.com', 5552013345, 'March 12, 1985', ''],
    ])
    expect(file.subarray(0, 4).toString('hex')).toBe('d0cf11e0')
    const response = await uploadFile(test, owner.cookie, 'legacy.xls', file)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      totalRows: 2,
      imported: ['Ann Lee <ann@example.com>'],
      errors: [{ row: 3, field: 'Last Name', message: 'Last Name is required' }],
    })
    const [ann] = await clientsOf(test, owner)
    expect(ann).toMatchObject({ phone: '5552013344', dateOfBirth: '1985-03-12', zipCode: '02134' })
  })

  it('judges the type by content: an .xlsx named .csv and a CSV named .xlsx are both read', async () => {
    const owner = await signUp(test)
    const xlsx = await xlsxOf([HEADER, ['Ann', 'Lee', 'ann@example.com', '5552013344']])
    const asCsv = await uploadFile(test, owner.cookie, 'really-a-workbook.csv', xlsx)
    expect(asCsv.json()).toMatchObject({ successCount: 1 })
    const csv = `${HEADER.join(',')}\r\nBo,Day,bo@example.com,5552013344\r\n`
    const asXlsx = await uploadFile(test, owner.cookie, 'really-text.XLSX', csv)
    expect(asXlsx.json()).toMatchObject({ successCount: 1 })
  })
})
