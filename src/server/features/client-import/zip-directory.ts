import type { FileHandle } from 'node:fs/promises'
import { UnreadableFileError } from './import-errors.ts'
import { XLSX_MAX_ENTRIES } from './import-limits.ts'

/** One file of a zip archive, as its central directory (the table at the end) describes it. */
export interface ZipEntry {
  name: string
  method: number
  crc32: number
  compressedSize: number
  /** Declared size once inflated; never trusted until the bytes are counted. */
  size: number
  /** Where the entry's local header starts; its data follows that header. */
  headerOffset: number
}

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const LOCAL_SIGNATURE = 0x04034b50
const EOCD_SIZE = 22
const ZIP64_MARKER = 0xffffffff

function fail(reason: string): never {
  throw new UnreadableFileError(`zip: ${reason}`)
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buffer, 0, length, position)
  if (bytesRead !== length) fail('truncated')
  return buffer
}

/** The end record is the last 22 bytes, or earlier when the archive has a comment (up to 64 kB). */
async function findEndRecord(handle: FileHandle, fileSize: number) {
  const tailLength = Math.min(fileSize, EOCD_SIZE + 0xffff)
  const tail = await readAt(handle, fileSize - tailLength, tailLength)
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD_SIGNATURE) continue
    const record = {
      position: fileSize - tailLength + i,
      disk: tail.readUInt16LE(i + 4),
      directoryDisk: tail.readUInt16LE(i + 6),
      entriesOnDisk: tail.readUInt16LE(i + 8),
      entries: tail.readUInt16LE(i + 10),
      directorySize: tail.readUInt32LE(i + 12),
      directoryOffset: tail.readUInt32LE(i + 16),
    }
    if (record.disk !== 0 || record.directoryDisk !== 0 || record.entriesOnDisk !== record.entries) {
      fail('multi-disk archive')
    }
    return record
  }
  return fail('no end of central directory (truncated?)')
}

/**
 * Lists the entries of an archive of at most IMPORT_MAX_BYTES. Refuses what an .xlsx never is and
 * a parser could be fooled by: several disks, zip64, encryption, offsets outside the file.
 */
export async function readZipDirectory(handle: FileHandle, fileSize: number): Promise<ZipEntry[]> {
  const end = await findEndRecord(handle, fileSize)
  if (end.entries > XLSX_MAX_ENTRIES) fail('too many entries')
  if (end.directoryOffset + end.directorySize > end.position) fail('central directory outside the file')
  const directory = await readAt(handle, end.directoryOffset, end.directorySize)
  const entries: ZipEntry[] = []
  let at = 0
  for (let n = 0; n < end.entries; n++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      fail('bad central entry')
    const flags = directory.readUInt16LE(at + 8)
    const nameLength = directory.readUInt16LE(at + 28)
    const extraLength = directory.readUInt16LE(at + 30)
    const commentLength = directory.readUInt16LE(at + 32)
    const compressedSize = directory.readUInt32LE(at + 20)
    const size = directory.readUInt32LE(at + 24)
    const headerOffset = directory.readUInt32LE(at + 42)
    if (flags & 0x1) fail('encrypted entry')
    if (compressedSize === ZIP64_MARKER || size === ZIP64_MARKER || headerOffset === ZIP64_MARKER)
      fail('zip64')
    if (at + 46 + nameLength > directory.length) fail('bad entry name')
    entries.push({
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      crc32: directory.readUInt32LE(at + 16),
      compressedSize,
      size,
      headerOffset,
    })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** The local header repeats the name and may carry its own extra field; the data follows it. */
export async function locateEntryData(
  handle: FileHandle,
  entry: ZipEntry,
  fileSize: number,
): Promise<number> {
  const header = await readAt(handle, entry.headerOffset, 30)
  if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) fail('bad local header')
  const start = entry.headerOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
  if (start + entry.compressedSize > fileSize) fail('entry data outside the file')
  return start
}
