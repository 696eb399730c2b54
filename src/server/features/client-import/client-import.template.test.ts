import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_OPTIONAL_COLUMNS, IMPORT_REQUIRED_COLUMNS } from '#shared/contracts/client-import.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { uploadFile } from './client-import.test-support.ts'
import { neutralizeFormula, TEMPLATE_EXAMPLE, toCsvLine } from './write-template.ts'

let test: TestApp
let owner: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
})
afterAll(() => test.close())

const COLUMNS = [...IMPORT_REQUIRED_COLUMNS, ...IMPORT_OPTIONAL_COLUMNS]

function download(format: string, cookie: string | undefined = owner.cookie) {
  return test.request({ method: 'GET', url: `/api/clients/import/template?format=${format}`, cookie })
}

describe('GET /api/clients/import/template', () => {
  it('downloads a CSV template with a BOM, the header row in contract order and one example row', async () => {
    const response = await download('csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe('attachment; filename="client-import-template.csv"')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf')
    const rows: string[][] = parse(response.rawPayload, { bom: true })
    expect(rows).toEqual([COLUMNS, COLUMNS.map((column) => TEMPLATE_EXAMPLE[column])])
  })

  it('downloads an XLSX template with a bold header row in contract order and one example row', async () => {
    const response = await download('xlsx')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(response.headers['content-disposition']).toBe('attachment; filename="client-import-template.xlsx"')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    expect(sheet.rowCount).toBe(2)
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS)
    expect(sheet.getRow(1).font?.bold).toBe(true)
    expect(sheet.getCell('A2').value).toBe(TEMPLATE_EXAMPLE['First Name'])
    expect(sheet.getColumn(3).width).toBeGreaterThanOrEqual(20)
  })

  it('imports its own templates back as the example client', async () => {
    for (const format of ['csv', 'xlsx']) {
      const user = await signUp(test)
      const template = await download(format, user.cookie)
      const response = await uploadFile(
        test,
        user.cookie,
        `client-import-template.${format}`,
        template.rawPayload,
      )
      expect(response.json(), format).toMatchObject({
        totalRows: 1,
        imported: ['Jordan Sample <jordan.sample@example.com>'],
        errors: [],
      })
    }
  })

  it('answers the Excel template when no format is given', async () => {
    const response = await test.request({
      method: 'GET',
      url: '/api/clients/import/template',
      cookie: owner.cookie,
    })
    expect(response.headers['content-disposition']).toBe('attachment; filename="client-import-template.xlsx"')
  })

  it('answers 400 for an unknown format and 401 without a session', async () => {
    const bad = await download('pdf')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Choose a template format: xlsx or csv.')
    expect((await download('csv', '')).statusCode).toBe(401)
  })
})

describe('the CSV writer', () => {
  it('neutralises values a spreadsheet would run as formulas, and quotes where needed', () => {
    for (const value of ['=cmd|" /C calc"!A0', '+1 555', '-2+3', '@SUM(A1)', '\t=1']) {
      expect(neutralizeFormula(value)).toBe(`'${value}`)
    }
    expect(neutralizeFormula('Jordan')).toBe('Jordan')
    expect(toCsvLine(['a', '=1+1', 'b,c', 'say "hi"'])).toBe(`a,'=1+1,"b,c","say ""hi"""`)
  })
})
