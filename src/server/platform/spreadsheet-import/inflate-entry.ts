import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'
import { UnreadableFileError } from './import-errors.ts'
import { openEntryData, openZip, type ZipEntry } from './zip-directory.ts'

/**
 * The inflated bytes of one zip entry, checked as they come: never more than the declared size
 * (a zip bomb lies about it), exactly that size and the declared CRC at the end, and before the
 * deadline. The file is opened for this entry alone and closed when it is read or given up.
 */
export async function* inflateEntry(
  path: string,
  entry: ZipEntry,
  fileSize: number,
  deadline: number,
): AsyncGenerator<Buffer> {
  if (entry.method !== 0 && entry.method !== 8) throw new UnreadableFileError(`zip method ${entry.method}`)
  if (entry.method === 0 && entry.compressedSize !== entry.size)
    throw new UnreadableFileError('zip: stored size')
  if (entry.compressedSize === 0) {
    if (entry.size !== 0) throw new UnreadableFileError('zip: empty entry with a size')
    return
  }
  const handle = await open(path, 'r')
  let source: Readable | undefined
  let produced = 0
  let crc = 0
  try {
    source = await openEntryData(await openZip(handle, fileSize), entry)
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
    source?.destroy()
    await handle.close()
  }
  if (produced !== entry.size || crc !== entry.crc32)
    throw new UnreadableFileError(`zip: ${entry.name} checksum`)
}
