import type { Readable } from 'node:stream'

/**
 * A POSIX (ustar) tar writer, just enough for a backup: regular files, with a pax header for a
 * name longer than ustar's 100 bytes. Tar, so an admin can open a backup with `tar -xzf` too.
 */
export interface TarEntry {
  name: string
  size: number
  mtime: Date
  /** Must yield exactly `size` bytes. */
  body: Uint8Array | (() => Readable)
}

export const BLOCK = 512
/** ustar's size field: 11 octal digits. Nothing the app stores comes near it. */
const MAX_SIZE = 8 ** 11 - 1

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`
}

function header(name: string, size: number, mtime: Date, type: '0' | 'x'): Buffer {
  const block = Buffer.alloc(BLOCK)
  block.write(name, 0, 100, 'utf8')
  block.write(octal(0o600, 8), 100, 'ascii')
  block.write(octal(0, 8), 108, 'ascii')
  block.write(octal(0, 8), 116, 'ascii')
  block.write(octal(size, 12), 124, 'ascii')
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii')
  block.write(' '.repeat(8), 148, 'ascii')
  block.write(type, 156, 'ascii')
  block.write('ustar\u000000', 257, 'ascii')
  let sum = 0
  for (const byte of block) sum += byte
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return block
}

/** A pax record is "<length> path=<name>\n", its length counting its own digits. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`
  let length = Buffer.byteLength(body) + 1
  while (String(length).length + Buffer.byteLength(body) !== length) length++
  return Buffer.from(`${length}${body}`)
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
}

/** The tar stream of the entries, in order, ended by the two zero blocks. */
export async function* tarStream(
  entries: AsyncIterable<TarEntry> | Iterable<TarEntry>,
): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    if (entry.size > MAX_SIZE) throw new Error(`${entry.name} is too large for a tar entry`)
    let name = entry.name
    if (Buffer.byteLength(name) > 100) {
      const pax = paxRecord('path', name)
      yield header('PaxHeader', pax.length, entry.mtime, 'x')
      yield pax
      yield padding(pax.length)
      // Readers without pax support still get a name, cut to fit.
      name = Buffer.from(name)
        .subarray(0, 100)
        .toString('utf8')
        .replace(/\uFFFD$/, '')
    }
    yield header(name, entry.size, entry.mtime, '0')
    let written = 0
    const chunks = entry.body instanceof Uint8Array ? [entry.body] : entry.body()
    for await (const chunk of chunks as AsyncIterable<Uint8Array>) {
      written += chunk.length
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length)
    }
    // A file that changed size under us would shift every later entry: the archive is refused.
    if (written !== entry.size) throw new Error(`${entry.name} changed size while it was archived`)
    yield padding(entry.size)
  }
  yield Buffer.alloc(BLOCK * 2)
}
