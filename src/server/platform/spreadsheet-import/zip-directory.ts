import { read } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { Entry, fromRandomAccessReader, RandomAccessReader, type ZipFile } from 'yauzl'
import { UnreadableFileError } from './import-errors.ts'
import { XLSX_MAX_ENTRIES } from './import-limits.ts'

/**
 * One file of a zip archive, as its central directory (the table at the end) describes it. Plain
 * numbers, so the list can be handed to another thread and the data found again from them.
 */
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

/**
 * yauzl reads through our file handle and never closes it: whoever opened the handle closes it,
 * once the entries or the data streams are done with (a file stream on the handle would close it
 * when yauzl destroys that stream). Reads use the descriptor's callback API: the promise API cost
 * several times as much for the many small reads of a directory.
 */
class DescriptorReader extends RandomAccessReader {
  constructor(private readonly fd: number) {
    super()
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const { fd } = this
    let position = start
    return new Readable({
      highWaterMark: 16 * 1024,
      read(size) {
        const length = Math.min(size, end - position)
        if (length <= 0) return void this.push(null)
        const buffer = Buffer.allocUnsafe(length)
        read(fd, buffer, 0, length, position, (error, bytesRead) => {
          if (error) return this.destroy(error)
          position += bytesRead
          // A file shorter than its directory says ends the stream early; yauzl counts the bytes.
          this.push(bytesRead === 0 ? null : buffer.subarray(0, bytesRead))
        })
      },
    })
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void,
  ): void {
    read(this.fd, buffer, offset, length, position, callback)
  }
}

function fail(reason: string): never {
  throw new UnreadableFileError(`zip: ${reason}`)
}

/** yauzl's own errors (no end record, truncated directory, several disks) as an unreadable file. */
function unreadable(error: unknown): unknown {
  return error instanceof UnreadableFileError
    ? error
    : new UnreadableFileError(`zip: ${(error as Error).message}`)
}

/**
 * The archive behind `handle`, its end record read (not yet its entries). Names stay bytes and are
 * read as UTF-8, as Excel writes them; sizes are checked by the reader as it inflates.
 */
export function openZip(handle: FileHandle, fileSize: number): Promise<ZipFile> {
  const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false }
  return new Promise((resolve, reject) => {
    fromRandomAccessReader(new DescriptorReader(handle.fd), fileSize, options, (error, zip) =>
      error ? reject(unreadable(error)) : resolve(zip),
    )
  })
}

/**
 * Lists the entries of an archive of at most IMPORT_MAX_BYTES. Refuses what an .xlsx never is and
 * a parser could be fooled by: thousands of entries, encryption; yauzl refuses several disks and
 * offsets outside the file.
 */
export async function readZipDirectory(handle: FileHandle, fileSize: number): Promise<ZipEntry[]> {
  try {
    const zip = await openZip(handle, fileSize)
    if (zip.entryCount > XLSX_MAX_ENTRIES) fail('too many entries')
    const entries: ZipEntry[] = []
    for await (const record of zip.eachEntry()) {
      if (record.isEncrypted()) fail('encrypted entry')
      entries.push({
        name: (record.fileName as unknown as Buffer).toString('utf8'),
        method: record.compressionMethod,
        crc32: record.crc32,
        compressedSize: record.compressedSize,
        size: record.uncompressedSize,
        headerOffset: record.relativeOffsetOfLocalHeader,
      })
    }
    return entries
  } catch (error) {
    throw unreadable(error)
  }
}

/**
 * The data of one entry, inflated by yauzl when it is deflated; whoever reads it counts the bytes
 * and checks the CRC. yauzl reads the local header (its data must lie inside the file) from the
 * two numbers it needs, then opens the data as its low-level API allows on an archive opened again.
 */
export async function openEntryData(zip: ZipFile, entry: ZipEntry): Promise<Readable> {
  const record = Object.assign(new Entry(), {
    relativeOffsetOfLocalHeader: entry.headerOffset,
    compressedSize: entry.compressedSize,
  })
  try {
    const { fileDataStart } = await new Promise<{ fileDataStart: number }>((resolve, reject) =>
      zip.readLocalFileHeader(record, { minimal: true }, (error, header) =>
        error ? reject(error) : resolve(header),
      ),
    )
    return await new Promise<Readable>((resolve, reject) =>
      zip.openReadStreamLowLevel(
        fileDataStart,
        entry.compressedSize,
        0,
        entry.compressedSize,
        entry.method === 8,
        entry.size,
        (error, stream) => (error ? reject(error) : resolve(stream)),
      ),
    )
  } catch (error) {
    throw unreadable(error)
  }
}
