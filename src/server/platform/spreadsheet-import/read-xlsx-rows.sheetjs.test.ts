import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as XLSX from '@e965/xlsx'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import type { Cell, SheetRow } from './cell-values.ts'
import { openXlsxRows } from './read-xlsx-rows.ts'
import { readZipDirectory } from './zip-directory.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'xlsx-oracle-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * Text as users type it: markup characters, spaces at either end, line breaks, tabs, accents,
 * astral characters. Not a carriage return or another control character, and no 'x': SheetJS
 * writes those as _xHHHH_ escapes (and reads '_x000D_' typed by a user as one), which we do not
 * decode; see decision 006.
 */
const text = fc.string({
  unit: fc.constantFrom(...'aZ09 &<>"\'=+-@_.;é漢😀\n\t'.split(/(?:)/u)),
  maxLength: 10,
})

const plainCell = fc.oneof(
  { arbitrary: text, weight: 4 },
  { arbitrary: fc.integer({ min: -1e6, max: 1e10 }), weight: 2 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  {
    arbitrary: fc.date({ min: new Date('1900-03-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
    weight: 2,
  },
)

/** A cell as SheetJS takes it: a value, a formula with or without its cached result, an error, a stub, or none. */
const cell = fc.oneof(
  { arbitrary: plainCell, weight: 8 },
  { arbitrary: fc.constant(undefined), weight: 4 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.integer().map((v) => ({ t: 'n', v, f: 'A1+1' })), weight: 1 },
  { arbitrary: text.map((v) => ({ t: 's', v, f: 'LOWER("X")' })), weight: 1 },
  { arbitrary: fc.constant({ t: 'n', f: 'NOW()' }), weight: 1 },
  { arbitrary: fc.constantFrom(0x07, 0x2a).map((v) => ({ t: 'e', v })), weight: 1 },
)

const workbookCase = fc.record({
  rows: fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 6 }),
  origin: fc.record({ r: fc.nat(4), c: fc.nat(30) }),
  strings: fc.constantFrom('shared', 'formula', 'inline'),
  cellDates: fc.boolean(),
  compression: fc.boolean(),
  date1904: fc.boolean(),
  secondSheet: fc.boolean(),
})
type WorkbookCase = typeof workbookCase extends fc.Arbitrary<infer T> ? T : never

/** SheetJS writes no inline strings (<is>); its `str` cells become them, as other writers write. */
function inlineStrings(book: Buffer): Buffer {
  const zip = XLSX.CFB.read(book, { type: 'buffer' })
  const sheet = zip.FileIndex.find((entry: { name: string }) => entry.name === 'sheet1.xml')
  sheet.content = Buffer.from(
    Buffer.from(sheet.content as Uint8Array)
      .toString('utf8')
      .replace(
        /<c r="([A-Z]+[0-9]+)"( s="[0-9]+")? t="str"( xml:space="preserve")?><v[^>]*>([^<]*)<\/v><\/c>/g,
        '<c r="$1"$2 t="inlineStr"><is><t xml:space="preserve">$4</t></is></c>',
      ),
  )
  return XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip', compression: true }) as Buffer
}

function writeBook(c: WorkbookCase): Buffer {
  const book = XLSX.utils.book_new()
  const sheet = XLSX.utils.sheet_add_aoa({}, c.rows, {
    cellDates: c.cellDates,
    sheetStubs: true,
    origin: c.origin,
  })
  XLSX.utils.book_append_sheet(book, sheet, 'First')
  if (c.secondSheet) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['not', 'this']]), 'Second')
  book.Workbook = { WBProps: { date1904: c.date1904 } }
  const written = XLSX.write(book, {
    type: 'buffer',
    bookType: 'xlsx',
    bookSST: c.strings === 'shared',
    cellDates: c.cellDates,
    compression: c.compression,
  }) as Buffer
  return c.strings === 'inline' ? inlineStrings(written) : written
}

/** A cell as our reader hands it over: a date cell (t="d") as the text it holds, errors and stubs as nothing. */
function expectedCell(cell: XLSX.CellObject): Cell {
  if (cell.v === undefined || cell.t === 'e' || cell.t === 'z') return null
  if (cell.v instanceof Date) return cell.v.toISOString()
  return cell.v
}

/** What SheetJS reads from the same bytes, in our reader's shape: rows with a value, numbered from 1. */
function sheetjsRows(book: Buffer, cellDates: boolean) {
  const workbook = XLSX.read(book, { type: 'buffer', cellDates })
  const sheet = workbook.Sheets[workbook.SheetNames[0]!]!
  const rows = new Map<number, Cell[]>()
  for (const [ref, value] of Object.entries(sheet)) {
    if (ref.startsWith('!')) continue
    const cell = expectedCell(value as XLSX.CellObject)
    if (cell === null) continue
    const { r, c } = XLSX.utils.decode_cell(ref)
    const cells = rows.get(r + 1) ?? []
    while (cells.length < c) cells.push(null)
    cells[c] = cell
    rows.set(r + 1, cells)
  }
  const sorted = [...rows].sort(([a], [b]) => a - b).map(([row, cells]) => ({ row, cells }))
  return { rows: sorted, date1904: Boolean(workbook.Workbook?.WBProps?.date1904) }
}

async function ourRows(book: Buffer, name: string) {
  const file = path.join(dir, name)
  writeFileSync(file, book)
  const handle = await open(file, 'r')
  const entries = await readZipDirectory(handle, book.length).finally(() => handle.close())
  const source = await openXlsxRows(file, entries, book.length, Date.now() + 10_000)
  const rows: SheetRow[] = []
  for await (const row of source.rows) if (row.cells.length > 0) rows.push(row)
  return { rows, date1904: source.date1904 }
}

/** Workbooks are read ten at a time: reading one small file is mostly waiting for the disk. */
const AT_ONCE = 10

describe('openXlsxRows against SheetJS', () => {
  it('reads what SheetJS reads from 1,000 generated workbooks: types, shared and inline strings, dates, gaps', async () => {
    let n = 0
    await fc.assert(
      fc.asyncProperty(fc.array(workbookCase, { minLength: AT_ONCE, maxLength: AT_ONCE }), async (cases) => {
        const books = cases.map(writeBook)
        const ours = await Promise.all(books.map((book) => ourRows(book, `book-${n++}.xlsx`)))
        expect(ours).toEqual(books.map((book, i) => sheetjsRows(book, cases[i]!.cellDates)))
      }),
      { numRuns: 1000 / AT_ONCE, seed: 6006 },
    )
  })
})
