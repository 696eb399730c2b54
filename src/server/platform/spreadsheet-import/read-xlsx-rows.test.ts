import { mkdtempSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  HEADER,
  SHEET_CLOSE,
  SHEET_OPEN,
  xlsxOf,
  zipOf,
} from '#server/features/client-import/client-import.test-support.ts'
import { UnreadableFileError } from './import-errors.ts'
import { openXlsxRows } from './read-xlsx-rows.ts'
import { readZipDirectory } from './zip-directory.ts'

async function rowsOf(bytes: Buffer, deadline: number) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'xlsx-rows-')), 'book.xlsx')
  writeFileSync(file, bytes)
  const handle = await open(file, 'r')
  const entries = await readZipDirectory(handle, bytes.length)
  await handle.close()
  const { rows } = await openXlsxRows(file, entries, bytes.length, deadline)
  const all = []
  for await (const row of rows) all.push(row)
  return all
}

describe('openXlsxRows', () => {
  it('reads the rows of the first sheet with their sheet row numbers', async () => {
    const book = await xlsxOf([HEADER, [], ['Ann', 'Lee', 'ann@example.com', 5552013344]])
    expect(await rowsOf(book, Date.now() + 10_000)).toEqual([
      { row: 1, cells: HEADER },
      { row: 3, cells: ['Ann', 'Lee', 'ann@example.com', 5552013344] },
    ])
  })

  it('stops with an unreadable-file error once the deadline has passed, instead of waiting', async () => {
    const book = await xlsxOf([HEADER, ['Ann', 'Lee', 'ann@example.com', 5552013344]])
    await expect(rowsOf(book, Date.now() - 1)).rejects.toBeInstanceOf(UnreadableFileError)
  })
})

describe('the sheet reader', () => {
  const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`
  const WORKBOOK = `<?xml version="1.0"?><workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`
  const book = (sheet: string, strings: string) =>
    zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS) },
      { name: 'xl/sharedStrings.xml', data: Buffer.from(`<sst>${strings}</sst>`) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`${SHEET_OPEN}${sheet}${SHEET_CLOSE}`) },
    ])

  it('reads shared, inline, rich and typed cells as a user sees them', async () => {
    const strings =
      '<si><t>plain</t></si><si><r><rPr><b/></rPr><t>Ri</t></r><r><t xml:space="preserve">ch </t></r></si>' +
      '<si><t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh></si><si/>' +
      '<si><t xml:space="preserve"> Tom &amp; Jerry\r\n</t></si>'
    const sheet =
      '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c><c r="C2" t="s"><v>2</v></c>' +
      '<c r="D2" t="s"><v>3</v></c><c r="E2" t="s"><v>9</v></c><c r="F2" s="4" t="str"><v>x &lt; y</v></c>' +
      '<c r="G2" t="s"><v>4</v></c></row>' +
      '<row r="4"><c r="A4" t="inlineStr"><is><r><t>A &amp; </t></r><r><t>B&#233;&#x263A;</t></r></is></c>' +
      '<c r="B4" t="str"><f>LOWER("X")</f><v>x</v></c><c r="C4"><f>NOW()</f></c><c r="D4" t="e"><v>#N/A</v></c>' +
      '<c r="E4" t="b"><v>1</v></c><c r="F4" t="d"><v>1985-03-12T00:00:00Z</v></c><c r="H4"><v>5552013344</v></c>' +
      '<!-- a comment --><c r="I4" t="inlineStr"><is><t><![CDATA[<raw> & ok]]></t></is></c><c r="AA4"/></row>' +
      '<row r="5"/>'
    const rows = await rowsOf(book(sheet, strings), Date.now() + 10_000)
    expect(rows).toEqual([
      { row: 2, cells: ['plain', 'Rich ', '漢字', '', null, 'x < y', ' Tom & Jerry\n'] },
      {
        row: 4,
        cells: ['A & Bé☺', 'x', null, null, true, '1985-03-12T00:00:00Z', null, 5552013344, '<raw> & ok'],
      },
      { row: 5, cells: [] },
    ])
  })

  it('reads namespace-prefixed sheets and refuses a DOCTYPE or an unknown entity', async () => {
    const prefixed = `<x:row r="1"><x:c r="B1" t="inlineStr"><x:is><x:t>Ann</x:t></x:is></x:c></x:row>`
    expect(await rowsOf(book(prefixed, ''), Date.now() + 10_000)).toEqual([{ row: 1, cells: [null, 'Ann'] }])
    const doctype = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS) },
      { name: 'xl/sharedStrings.xml', data: Buffer.from('<!DOCTYPE sst [<!ENTITY a "aaaa">]><sst/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`${SHEET_OPEN}${SHEET_CLOSE}`) },
    ])
    await expect(rowsOf(doctype, Date.now() + 10_000)).rejects.toBeInstanceOf(UnreadableFileError)
    const unknown = '<row r="1"><c r="A1" t="inlineStr"><is><t>&nbsp;</t></is></c></row>'
    await expect(rowsOf(book(unknown, ''), Date.now() + 10_000)).rejects.toBeInstanceOf(UnreadableFileError)
  })
})
