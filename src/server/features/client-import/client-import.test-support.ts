// Test helpers: spreadsheets built in memory, sent as a hand-made multipart body, and the clients saved.
import { randomBytes } from 'node:crypto'
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib'
import * as XLSX from '@e965/xlsx'
import { asc, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { LightMyRequestResponse } from 'fastify'
import type { TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'
import { clients } from '../clients/clients.table.ts'

export const HEADER = ['First Name', 'Last Name', 'Email', 'Phone']

/** A multipart/form-data body with one file part (field `file` unless said). */
export function multipartBody(filename: string, content: Buffer | string, field = 'file') {
  const boundary = `----import-test-${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export function uploadFile(
  test: TestApp,
  cookie: string,
  filename: string,
  content: Buffer | string,
): Promise<LightMyRequestResponse> {
  return test.request({
    method: 'POST',
    url: '/api/clients/import',
    cookie,
    ...multipartBody(filename, content),
  })
}

/** The rows of the user's agency in the clients table, by email. */
export function clientsOf(test: TestApp, user: SignedInUser) {
  return test.db
    .select()
    .from(clients)
    .where(eq(clients.agencyId, user.user.agencyId))
    .orderBy(asc(clients.email))
}

/** CSV text, quoting a value only where it must (delimiter, quote or line break inside). */
export function csvOf(rows: (string | number)[][], delimiter = ','): string {
  const field = (value: string | number) => {
    const text = String(value)
    return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
  }
  return `${rows.map((row) => row.map(field).join(delimiter)).join('\r\n')}\r\n`
}

/** An .xlsx made by exceljs; sheets listed before `rows` come first in tab order. */
export async function xlsxOf(
  rows: ExcelJS.CellValue[][],
  options: { sheetsBefore?: string[]; configure?: (sheet: ExcelJS.Worksheet) => void } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  for (const name of options.sheetsBefore ?? []) workbook.addWorksheet(name).addRow(['not', 'this', 'one'])
  const sheet = workbook.addWorksheet('Clients')
  for (const row of rows) sheet.addRow(row)
  options.configure?.(sheet)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** A legacy BIFF8 .xls written by SheetJS. */
export function xlsOf(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Clients')
  return XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer
}

export interface ZipFile {
  name: string
  /** Inflated content, or `deflated` with its true `size` and `crc` (for huge generated content). */
  data?: Buffer
  deflated?: { bytes: Buffer; size: number; crc: number }
  /** What the archive claims the inflated size is; a zip bomb lies here. */
  declaredSize?: number
}

/** A minimal zip archive (deflated entries, central directory, end record). */
export function zipOf(files: ZipFile[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const file of files) {
    const name = Buffer.from(file.name)
    const bytes = file.deflated?.bytes ?? deflateRawSync(file.data!)
    const size = file.declaredSize ?? file.deflated?.size ?? file.data!.length
    const crc = file.deflated?.crc ?? crc32(file.data!)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(bytes.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(bytes.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, bytes)
    centrals.push(central, name)
    offset += 30 + name.length + bytes.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/** `prefix`, then `count` MB of spaces, then `suffix`, deflated as a stream (never held inflated). */
export async function deflatedPadding(prefix: string, megabytes: number, suffix: string) {
  const deflate = createDeflateRaw({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const spaces = Buffer.alloc(1024 * 1024, 0x20)
  let crc = 0
  let size = 0
  const write = async (chunk: Buffer) => {
    crc = crc32(chunk, crc)
    size += chunk.length
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  await write(Buffer.from(prefix))
  for (let i = 0; i < megabytes; i++) await write(spaces)
  await write(Buffer.from(suffix))
  const ended = new Promise((resolve) => deflate.once('end', resolve))
  deflate.end()
  await ended
  return { bytes: Buffer.concat(out), size, crc }
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Clients" sheetId="1" r:id="rId1"/></sheets></workbook>`
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`
export const SHEET_OPEN = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
export const SHEET_CLOSE = '</sheetData></worksheet>'

/** A hand-made .xlsx around one sheet part: how a zip bomb or an odd writer's file is built. */
export function xlsxWithSheet(sheet: Omit<ZipFile, 'name'>): Buffer {
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(WORKBOOK_RELS) },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ])
}
