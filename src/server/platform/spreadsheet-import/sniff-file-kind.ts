import { isUtf8 } from 'node:buffer'
import { open, readFile } from 'node:fs/promises'
import { IMPORT_FILE_TYPES } from '#shared/contracts/spreadsheet-import.ts'
import { corruptFile, UnreadableFileError, wrongType } from './import-errors.ts'
import { readZipDirectory, type ZipEntry } from './zip-directory.ts'

export type TextEncoding = 'utf-8' | 'windows-1252'
export type FileKind =
  | { kind: 'xlsx'; entries: ZipEntry[] }
  | { kind: 'xls' }
  | { kind: 'csv'; encoding: TextEncoding }

const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1')
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

/** The name's extension, lower-cased, when it is one we accept ('.csv'); a path part is ignored. */
export function acceptedExtension(filename: string): (typeof IMPORT_FILE_TYPES)[number] | undefined {
  const base = filename.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  const extension = dot > 0 ? base.slice(dot).toLowerCase() : ''
  return IMPORT_FILE_TYPES.find((type) => type === extension)
}

// Node's TextDecoder('windows-1252') decodes as Latin-1; these are the 27 places they differ.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'

export function decodeWindows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!)
}

/** A control byte no spreadsheet text holds (tab, line and form feeds and carriage return are fine). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes are what it looks for
const CONTROL_BYTE = /[\x00-\x08\x0e-\x1f]/
/** Bytes Windows-1252 leaves undefined. */
const UNDEFINED_IN_1252 = /[\x81\x8d\x8f\x90\x9d]/

/**
 * Text is valid UTF-8 (a BOM is fine) without NUL or other control bytes. Text that is not UTF-8
 * but is clean Windows-1252 is also text: Excel on Windows saves "CSV (Comma delimited)" that way,
 * and a 'José' in it must not make the file "not a spreadsheet". The file (at most 10 MB) is read
 * whole: the checks are native scans of it.
 */
async function detectTextEncoding(path: string): Promise<TextEncoding | undefined> {
  const bytes = await readFile(path)
  const asLatin1 = bytes.toString('latin1')
  if (CONTROL_BYTE.test(asLatin1)) return undefined
  if (isUtf8(bytes)) return 'utf-8'
  return UNDEFINED_IN_1252.test(asLatin1) ? undefined : 'windows-1252'
}

async function readMagic(path: string): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(8)
    const { bytesRead } = await handle.read(buffer, 0, 8, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

async function sniffZip(path: string, size: number): Promise<FileKind> {
  const handle = await open(path, 'r')
  let entries: ZipEntry[]
  try {
    entries = await readZipDirectory(handle, size)
  } catch (error) {
    // The file starts like a zip but its directory is unreadable: a truncated or damaged workbook.
    if (error instanceof UnreadableFileError) throw corruptFile()
    throw error
  } finally {
    await handle.close()
  }
  const names = new Set(entries.map((entry) => entry.name.replace(/^\//, '').toLowerCase()))
  // A zip that is not a workbook (a .docx, a plain archive, an .xlsb) is the wrong type.
  if (!names.has('[content_types].xml') || !names.has('xl/workbook.xml')) throw wrongType()
  return { kind: 'xlsx', entries }
}

/**
 * What the file is, judged by its content, never by its name: an .xlsx (a zip holding a workbook),
 * an .xls (an OLE2 compound file) or CSV text. The name must still carry one of the accepted
 * extensions (checked before); which one does not matter, so a CSV saved as 'clients.xlsx' is read
 * as the CSV it is. Anything else is refused with 415.
 */
export async function sniffFileKind(path: string, size: number): Promise<FileKind> {
  const magic = await readMagic(path)
  if (magic.subarray(0, 4).equals(ZIP_MAGIC)) return sniffZip(path, size)
  if (magic.equals(OLE2_MAGIC)) return { kind: 'xls' }
  const encoding = await detectTextEncoding(path)
  if (!encoding) throw wrongType()
  return { kind: 'csv', encoding }
}
