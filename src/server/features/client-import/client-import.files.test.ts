import * as XLSX from '@e965/xlsx'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { clients } from '../clients/clients.table.ts'
import {
  csvOf,
  deflatedPadding,
  HEADER,
  SHEET_CLOSE,
  SHEET_OPEN,
  uploadFile,
  xlsxOf,
  xlsxWithSheet,
} from './client-import.test-support.ts'

let test: TestApp
let owner: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
})
afterAll(() => test.close())

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

async function expectRefused(filename: string, content: Buffer | string, status: number, message: string) {
  const response = await uploadFile(test, owner.cookie, filename, content)
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json()).toEqual({ message })
}

async function expectNothingWritten() {
  expect(await test.db.$count(clients, eq(clients.agencyId, owner.user.agencyId))).toBe(0)
}

describe('POST /api/clients/import refuses files it must not read', () => {
  it('refuses a file over 10 MB with 413 and the spec text', async () => {
    const row = 'Ann,Lee,ann@example.com,5552013344\r\n'
    const big = `${HEADER.join(',')}\r\n${row.repeat(Math.ceil((11 * 1024 * 1024) / row.length))}`
    expect(big.length).toBeGreaterThan(IMPORT_MAX_BYTES)
    const response = await uploadFile(test, owner.cookie, 'big.csv', big)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: IMPORT_TEXTS.tooLarge })
    // The rest of the body is drained after the answer (unread-body.ts): the connection stays.
    expect(response.headers.connection).not.toBe('close')
    await expectNothingWritten()
  })

  it('accepts a file of exactly 10 MB', async () => {
    const head = `${[...HEADER, 'Notes'].join(',')}\r\n`
    const row = `Ann,Lee,ann@example.com,5552013344,${'x'.repeat(4000)}\r\n`
    const count = Math.floor((IMPORT_MAX_BYTES - head.length - 1000) / row.length)
    const body = head + row.repeat(count)
    // The rest is a last row of spaces only: a blank row, skipped.
    const file = body + ' '.repeat(IMPORT_MAX_BYTES - body.length)
    expect(Buffer.byteLength(file)).toBe(IMPORT_MAX_BYTES)
    const response = await uploadFile(test, owner.cookie, 'exact.csv', file)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ totalRows: count, successCount: 1 })
    await test.db.delete(clients).where(eq(clients.agencyId, owner.user.agencyId))
  })

  it('refuses by content with 415: a PNG or binary named .csv, a PDF, a zip that is no workbook', async () => {
    await expectRefused('clients.csv', PNG, 415, IMPORT_TEXTS.wrongType)
    await expectRefused('clients.xlsx', PNG, 415, IMPORT_TEXTS.wrongType)
    const binary = Buffer.concat([Buffer.from('First Name,Last Name\r\n'), Buffer.from([0, 1, 2, 3, 255])])
    await expectRefused('renamed.csv', binary, 415, IMPORT_TEXTS.wrongType)
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a, 0x00, 0x01]),
    ])
    await expectRefused('clients.xls', pdf, 415, IMPORT_TEXTS.wrongType)
    const docx = xlsxWithSheet({ data: Buffer.from('x') })
      .toString('latin1')
      .replaceAll('xl/workbook.xml', 'xl/notebook.xml')
    await expectRefused('clients.xlsx', Buffer.from(docx, 'latin1'), 415, IMPORT_TEXTS.wrongType)
    // An OLE2 file that holds no workbook: a Word .doc renamed .xls.
    const word = XLSX.CFB.utils.cfb_new()
    XLSX.CFB.utils.cfb_add(word, '/WordDocument', Buffer.from('Dear client'))
    await expectRefused('letter.xls', XLSX.CFB.write(word, { type: 'buffer' }), 415, IMPORT_TEXTS.wrongType)
    await expectNothingWritten()
  })

  it('refuses by name with 415: a text file named .txt, or no extension', async () => {
    const text = csvOf([HEADER, ['Ann', 'Lee', 'ann@example.com', '5552013344']])
    await expectRefused('clients.txt', text, 415, IMPORT_TEXTS.wrongType)
    await expectRefused('clients', text, 415, IMPORT_TEXTS.wrongType)
    await expectRefused('clients.csv.exe', text, 415, IMPORT_TEXTS.wrongType)
    await expectNothingWritten()
  })

  it('answers an empty file, a header-less file and missing columns with their texts', async () => {
    await expectRefused('empty.csv', '', 400, IMPORT_TEXTS.emptyFile)
    await expectRefused('blank.csv', '\uFEFF\r\n\r\n', 400, IMPORT_TEXTS.emptyFile)
    await expectRefused('empty.xlsx', await xlsxOf([]), 400, IMPORT_TEXTS.emptyFile)
    const noHeader = csvOf([['Ann', 'Lee', 'ann@example.com', '5552013344']])
    await expectRefused('data.csv', noHeader, 400, IMPORT_TEXTS.noHeader)
    const partial = csvOf([
      ['First Name', 'E-mail', 'City'],
      ['Ann', 'ann@example.com', 'Troy'],
    ])
    await expectRefused('partial.csv', partial, 400, 'The file has no column for: Last Name, Phone.')
    await expectNothingWritten()
  })

  it('refuses more than 200 columns and more than 100,000 rows, writing nothing', async () => {
    const wide = [...HEADER, ...Array.from({ length: 4996 }, (_, i) => `Extra ${i}`)]
    await expectRefused('wide.csv', csvOf([wide]), 400, IMPORT_TEXTS.tooManyColumns.replace('{max}', '200'))
    const wideRow = csvOf([HEADER, ['Ann', 'Lee', 'ann@example.com', '5552013344', ...Array(300).fill('x')]])
    await expectRefused('wide-row.csv', wideRow, 400, IMPORT_TEXTS.tooManyColumns.replace('{max}', '200'))
    const row = 'Ann,Lee,ann@example.com,5552013344\n'
    const tall = `${HEADER.join(',')}\n${row.repeat(IMPORT_MAX_ROWS + 1)}`
    const started = Date.now()
    await expectRefused('tall.csv', tall, 400, IMPORT_TEXTS.tooManyRows.replace('{max}', '100,000'))
    expect(Date.now() - started).toBeLessThan(15_000)
    await expectNothingWritten()
  })

  it('answers 400 corrupt, never 500, for a truncated workbook or garbage after the zip magic', async () => {
    const good = await xlsxOf([HEADER, ['Ann', 'Lee', 'ann@example.com', '5552013344']])
    await expectRefused('cut.xlsx', good.subarray(0, Math.floor(good.length / 2)), 400, IMPORT_TEXTS.corrupt)
    await expectRefused('cut-end.xlsx', good.subarray(0, good.length - 10), 400, IMPORT_TEXTS.corrupt)
    const garbage = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(4000, 0x8f)])
    await expectRefused('garbage.xlsx', garbage, 400, IMPORT_TEXTS.corrupt)
    // A workbook whose sheet part is damaged inside: its directory is fine, its data is not.
    const damaged = Buffer.from(good)
    const sheetAt = damaged.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length
    damaged.fill(0x41, sheetAt + 10, sheetAt + 60)
    await expectRefused('damaged.xlsx', damaged, 400, IMPORT_TEXTS.corrupt)
    const badXml = xlsxWithSheet({
      data: Buffer.from(`${SHEET_OPEN}<row r="1"><c r="A1" t="inlineStr"><is><t>First`),
    })
    await expectRefused('bad-xml.xlsx', badXml, 400, IMPORT_TEXTS.corrupt)
    await expectRefused(
      'ole.xls',
      Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]),
      400,
      IMPORT_TEXTS.corrupt,
    )
    await expectRefused(
      'quote.csv',
      `${HEADER.join(',')}\n"Ann,Lee${'x'.repeat(1_100_000)}`,
      400,
      IMPORT_TEXTS.corrupt,
    )
    await expectNothingWritten()
  })

  it('answers a zip bomb disguised as .xlsx with 400 corrupt within seconds', async () => {
    // 300 MB of spaces inside the sheet, about 300 kB compressed.
    const padding = await deflatedPadding(SHEET_OPEN, 300, SHEET_CLOSE)
    expect(padding.bytes.length).toBeLessThan(IMPORT_MAX_BYTES)
    const honest = xlsxWithSheet({ deflated: padding })
    const lying = xlsxWithSheet({ deflated: padding, declaredSize: 4096 })
    for (const [name, file] of [
      ['honest.xlsx', honest],
      ['lying.xlsx', lying],
    ] as const) {
      const started = Date.now()
      await expectRefused(name, file, 400, IMPORT_TEXTS.corrupt)
      expect(Date.now() - started).toBeLessThan(5_000)
    }
    await expectNothingWritten()
  })
})
