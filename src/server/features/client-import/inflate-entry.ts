import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream'
import { crc32, createInflateRaw } from 'node:zlib'
import { UnreadableFileError } from './import-errors.ts'
import type { ZipEntry } from './zip-directory.ts'

/**
 * The inflated bytes of one zip entry, checked as they come: never more than the declared size
 * (a zip bomb lies about it), exactly that size and the declared CRC at the end, and before the
 * deadline. Compressed bytes are read 16 kB at a time, so one read inflates to at most ~16 MB.
 */
export async function* inflateEntry(
  path: string,
  entry: ZipEntry,
  dataStart: number,
  deadline: number,
): AsyncGenerator<Buffer> {
  if (entry.method !== 0 && entry.method !== 8) throw new UnreadableFileError(`zip method ${entry.method}`)
  if (entry.method === 0 && entry.compressedSize !== entry.size)
    throw new UnreadableFileError('zip: stored size')
  if (entry.compressedSize === 0) {
    if (entry.size !== 0) throw new UnreadableFileError('zip: empty entry with a size')
    return
  }
  const raw = createReadStream(path, {
    start: dataStart,
    end: dataStart + entry.compressedSize - 1,
    highWaterMark: 16 * 1024,
  })
  const source = entry.method === 8 ? pipeline(raw, createInflateRaw(), () => {}) : raw
  let produced = 0
  let crc = 0
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      produced += chunk.length
      if (produced > entry.size) throw new UnreadableFileError(`zip: ${entry.name} inflates past its size`)
      if (Date.now() > deadline) throw new UnreadableFileError('zip: deadline')
      crc = crc32(chunk, crc)
      yield chunk
    }
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error
    throw new UnreadableFileError(`zip: ${(error as Error).message}`)
  } finally {
    source.destroy()
  }
  if (produced !== entry.size || crc !== entry.crc32)
    throw new UnreadableFileError(`zip: ${entry.name} checksum`)
}

/** Length of the UTF-8 sequence a lead byte starts (1 for a continuation byte, so it is never held). */
function sequenceLength(byte: number): number {
  if (byte >= 0xf0) return 4
  if (byte >= 0xe0) return 3
  if (byte >= 0xc0) return 2
  return 1
}

/**
 * Re-cuts a byte stream so no chunk ends inside a UTF-8 character. exceljs decodes each chunk on
 * its own, which turns an 'é' split across two chunks into two replacement characters.
 */
export async function* alignUtf8(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let carry: Buffer | undefined
  for await (const chunk of chunks) {
    const bytes = carry ? Buffer.concat([carry, chunk]) : chunk
    let cut = bytes.length
    // Walk back over continuation bytes to the last lead byte; keep it if its sequence is incomplete.
    for (let i = bytes.length - 1; i >= 0 && i >= bytes.length - 4; i--) {
      const byte = bytes[i]!
      if ((byte & 0xc0) === 0x80) continue
      if (i + sequenceLength(byte) > bytes.length) cut = i
      break
    }
    carry = cut < bytes.length ? bytes.subarray(cut) : undefined
    if (cut > 0) yield bytes.subarray(0, cut)
  }
  if (carry) yield carry
}
