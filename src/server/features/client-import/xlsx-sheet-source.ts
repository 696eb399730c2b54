import { open } from 'node:fs/promises'
import { UnreadableFileError } from './import-errors.ts'
import { XLSX_INFLATE_BUDGET, XLSX_SMALL_PART_MAX } from './import-limits.ts'
import { alignUtf8, inflateEntry } from './inflate-entry.ts'
import { findWorkbookParts } from './workbook-parts.ts'
import { locateEntryData, type ZipEntry } from './zip-directory.ts'

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

/**
 * A part cut short inside the zip (its CRC made to match) still parses as far as it goes. So a
 * part must end with its root's closing tag, and its last chunk is held back until that is known:
 * the reader cannot finish the part first.
 */
async function* requireEnd(chunks: AsyncIterable<Buffer>, rootTag: string): AsyncGenerator<Buffer> {
  let held: Buffer | undefined
  let tail = ''
  for await (const chunk of chunks) {
    if (held) yield held
    held = chunk
    tail = (tail + chunk.subarray(-64).toString('latin1')).slice(-64)
  }
  if (!new RegExp(`</(?:[\\w.-]+:)?${rootTag}>\\s*$`).test(tail)) {
    throw new UnreadableFileError(`xlsx: ${rootTag} part does not end`)
  }
  if (held) yield held
}

/** The parts of a workbook that hold the first sheet's cells, each read as checked UTF-8 chunks. */
export interface SheetSource {
  sharedStrings?: () => AsyncIterable<Buffer>
  sheet: () => AsyncIterable<Buffer>
  /** Old Mac workbooks count serial dates from 1904. */
  date1904: boolean
}

/**
 * The first worksheet of an .xlsx and its shared strings. We inflate each part ourselves, so the
 * zip-bomb budget, the declared sizes, the CRCs and the deadline are enforced on every byte read,
 * other sheets are never read, and chunks never split a UTF-8 character. A part must end with its
 * root's closing tag: one cut short inside the zip (its CRC made to match) is refused.
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
  const handle = await open(path, 'r')
  try {
    const streamed = async (entry: ZipEntry, rootTag: string) => {
      const start = await locateEntryData(handle, entry, fileSize)
      return () => requireEnd(alignUtf8(inflateEntry(path, entry, start, deadline)), rootTag)
    }
    const workbookEntry = entryOf('xl/workbook.xml')
    const relsEntry = entryOf('xl/_rels/workbook.xml.rels')
    if (!workbookEntry || !relsEntry) throw new UnreadableFileError('xlsx: no workbook relationships')
    const workbook = await readWhole((await streamed(workbookEntry, 'workbook'))())
    const rels = await readWhole((await streamed(relsEntry, 'Relationships'))())
    const found = findWorkbookParts(workbook.toString('utf8'), rels.toString('utf8'))
    const sheetEntry = entryOf(found.firstSheet)
    const stringsEntry = found.sharedStrings ? entryOf(found.sharedStrings) : undefined
    if (!sheetEntry) throw new UnreadableFileError('xlsx: the first sheet is missing')
    if (sheetEntry.size + (stringsEntry?.size ?? 0) > XLSX_INFLATE_BUDGET) {
      throw new UnreadableFileError('xlsx: declared sizes over the budget')
    }
    return {
      ...(stringsEntry ? { sharedStrings: await streamed(stringsEntry, 'sst') } : {}),
      sheet: await streamed(sheetEntry, 'worksheet'),
      date1904: found.date1904,
    }
  } finally {
    await handle.close()
  }
}
