import { findWorkbookParts } from './find-workbook-parts.ts'
import { UnreadableFileError } from './import-errors.ts'
import { XLSX_INFLATE_BUDGET, XLSX_SMALL_PART_MAX } from './import-limits.ts'
import { inflateEntry } from './inflate-entry.ts'
import type { ZipEntry } from './zip-directory.ts'

async function readWhole(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = []
  let length = 0
  for await (const chunk of chunks) {
    length += chunk.length
    if (length > XLSX_SMALL_PART_MAX) throw new UnreadableFileError('xlsx: workbook part too large')
    all.push(chunk)
  }
  return Buffer.concat(all)
}

/** The parts of a workbook that hold the first sheet's cells, each read as checked chunks of bytes. */
export interface SheetSource {
  sharedStrings?: () => AsyncIterable<Buffer>
  sheet: () => AsyncIterable<Buffer>
  /** Old Mac workbooks count serial dates from 1904. */
  date1904: boolean
}

/**
 * The first worksheet of an .xlsx and its shared strings. Each part is inflated as it is read, so
 * the zip-bomb budget, the declared sizes, the CRCs and the deadline are enforced on every byte,
 * and other sheets are never read. Whether a part is whole (not cut short inside the zip, its CRC
 * made to match) is for the XML reader to tell: its root element must be closed.
 */
export async function openFirstSheet(
  path: string,
  entries: ZipEntry[],
  fileSize: number,
  deadline: number,
): Promise<SheetSource> {
  // Part names are case-insensitive in the package format.
  const byName = new Map(entries.map((entry) => [entry.name.replace(/^\//, '').toLowerCase(), entry]))
  const entryOf = (name: string) => byName.get(name.toLowerCase())
  const streamed = (entry: ZipEntry) => () => inflateEntry(path, entry, fileSize, deadline)
  const workbookEntry = entryOf('xl/workbook.xml')
  const relsEntry = entryOf('xl/_rels/workbook.xml.rels')
  if (!workbookEntry || !relsEntry) throw new UnreadableFileError('xlsx: no workbook relationships')
  const workbook = await readWhole(streamed(workbookEntry)())
  const rels = await readWhole(streamed(relsEntry)())
  const found = findWorkbookParts(workbook, rels)
  const sheetEntry = entryOf(found.firstSheet)
  const stringsEntry = found.sharedStrings ? entryOf(found.sharedStrings) : undefined
  if (!sheetEntry) throw new UnreadableFileError('xlsx: the first sheet is missing')
  if (sheetEntry.size + (stringsEntry?.size ?? 0) > XLSX_INFLATE_BUDGET) {
    throw new UnreadableFileError('xlsx: declared sizes over the budget')
  }
  return {
    ...(stringsEntry ? { sharedStrings: streamed(stringsEntry) } : {}),
    sheet: streamed(sheetEntry),
    date1904: found.date1904,
  }
}
