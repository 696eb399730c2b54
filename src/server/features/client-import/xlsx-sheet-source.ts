import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'
import { UnreadableFileError } from './import-errors.ts'
import { XLSX_INFLATE_BUDGET, XLSX_SMALL_PART_MAX } from './import-limits.ts'
import { alignUtf8, inflateEntry } from './inflate-entry.ts'
import { findWorkbookParts } from './workbook-parts.ts'
import { locateEntryData, type ZipEntry } from './zip-directory.ts'

const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
)

interface Part {
  name: string
  crc32: number
  size: number
  chunks: () => AsyncIterable<Buffer>
}

function localHeader(part: Part): Buffer {
  const name = Buffer.from(part.name, 'utf8')
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(20, 4) // version needed
  header.writeUInt16LE(0, 6) // no flags: sizes are in this header, no data descriptor
  header.writeUInt16LE(0, 8) // stored
  header.writeUInt16LE(0x21, 12) // 1980-01-01
  header.writeUInt32LE(part.crc32, 14)
  header.writeUInt32LE(part.size, 18)
  header.writeUInt32LE(part.size, 22)
  header.writeUInt16LE(name.length, 26)
  return Buffer.concat([header, name])
}

function endRecord(): Buffer {
  const record = Buffer.alloc(22)
  record.writeUInt32LE(0x06054b50, 0)
  return record
}

async function* storedZip(parts: Part[]): AsyncGenerator<Buffer> {
  for (const part of parts) {
    yield localHeader(part)
    yield* part.chunks()
  }
  yield endRecord()
}

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
 * A part cut short inside the zip (its CRC made to match) still parses as far as it goes, and
 * exceljs never closes its XML parser to notice. So a part must end with its root's closing tag,
 * and its last chunk is held back until that is known: exceljs cannot finish the part first.
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

function bufferPart(name: string, bytes: Buffer): Part {
  return {
    name,
    crc32: crc32(bytes),
    size: bytes.length,
    chunks: async function* () {
      yield bytes
    },
  }
}

/**
 * The first worksheet of an .xlsx, repackaged for exceljs's streaming reader as a small zip of
 * stored (uncompressed) entries in the order it wants: relationships, workbook, shared strings,
 * then the sheet. We inflate each part ourselves, so the zip-bomb budget, the declared sizes, the
 * CRCs and the deadline are enforced on every byte exceljs sees, other sheets are never read, and
 * chunks never split a UTF-8 character. A broken part errors the returned stream.
 */
export async function openFirstSheet(
  path: string,
  entries: ZipEntry[],
  fileSize: number,
  deadline: number,
): Promise<{ stream: Readable; date1904: boolean }> {
  // Part names are case-insensitive in the package format.
  const byName = new Map(entries.map((entry) => [entry.name.replace(/^\//, '').toLowerCase(), entry]))
  const entryOf = (name: string) => byName.get(name.toLowerCase())
  const handle = await open(path, 'r')
  try {
    const streamed = async (entry: ZipEntry, name: string, rootTag: string): Promise<Part> => {
      const start = await locateEntryData(handle, entry, fileSize)
      return {
        name,
        crc32: entry.crc32,
        size: entry.size,
        chunks: () => requireEnd(alignUtf8(inflateEntry(path, entry, start, deadline)), rootTag),
      }
    }
    const workbookEntry = entryOf('xl/workbook.xml')
    const relsEntry = entryOf('xl/_rels/workbook.xml.rels')
    if (!workbookEntry || !relsEntry) throw new UnreadableFileError('xlsx: no workbook relationships')
    const workbook = await readWhole((await streamed(workbookEntry, '', 'workbook')).chunks())
    const rels = await readWhole((await streamed(relsEntry, '', 'Relationships')).chunks())
    const found = findWorkbookParts(workbook.toString('utf8'), rels.toString('utf8'))
    const sheetEntry = entryOf(found.firstSheet)
    const stringsEntry = found.sharedStrings ? entryOf(found.sharedStrings) : undefined
    if (!sheetEntry) throw new UnreadableFileError('xlsx: the first sheet is missing')
    if (sheetEntry.size + (stringsEntry?.size ?? 0) > XLSX_INFLATE_BUDGET) {
      throw new UnreadableFileError('xlsx: declared sizes over the budget')
    }
    const parts = [
      bufferPart('xl/_rels/workbook.xml.rels', rels),
      bufferPart('xl/workbook.xml', workbook),
      // exceljs streams a sheet only once it has seen shared strings; without them it would copy
      // the sheet to a temporary file first.
      stringsEntry
        ? await streamed(stringsEntry, 'xl/sharedStrings.xml', 'sst')
        : bufferPart('xl/sharedStrings.xml', EMPTY_SHARED_STRINGS),
      await streamed(sheetEntry, 'xl/worksheets/sheet1.xml', 'worksheet'),
    ]
    return { stream: Readable.from(storedZip(parts), { objectMode: false }), date1904: found.date1904 }
  } finally {
    await handle.close()
  }
}
