import { BLOCK } from './tar-writer.ts'

/** Where one entry's bytes go; each write is awaited, so a slow disk holds the reading back. */
export interface TarSink {
  write(chunk: Buffer): Promise<unknown> | undefined
  end(): Promise<void>
}

export interface TarEntryInfo {
  name: string
  size: number
}

/** ASCII up to the first NUL (or the field's end). */
function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? length : end).toString('utf8')
}

function parseHeader(block: Buffer): { name: string; size: number; type: string } {
  const stored = Number.parseInt(field(block, 148, 8).trim(), 8)
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!
  if (stored !== sum) throw new Error('The archive is damaged: a tar header does not match its checksum')
  const prefix = field(block, 345, 155)
  const name = field(block, 0, 100)
  return {
    name: prefix ? `${prefix}/${name}` : name,
    size: Number.parseInt(field(block, 124, 12).trim() || '0', 8),
    type: field(block, 156, 1) || '0',
  }
}

function paxPath(records: Buffer): string | undefined {
  const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records.toString('utf8'))
  return match?.[1]
}

/**
 * Reads a tar stream (what tar-writer writes, and plain ustar from other tools), handing each
 * regular file to the sink `open` answers. Other entry types (folders, links) are skipped: a
 * backup holds files only, and a link must never be followed out of the restore folder.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  open: (entry: TarEntryInfo) => Promise<TarSink>,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0)
  const iterator = source[Symbol.asyncIterator]()

  /** The next `size` bytes of the stream, a piece at a time, to `take`. */
  async function consume(size: number, take: (piece: Buffer) => Promise<unknown> | undefined) {
    let left = size
    while (left > 0) {
      if (pending.length === 0) {
        const next = await iterator.next()
        if (next.done) throw new Error('The archive ends in the middle of a file: it is incomplete')
        pending = next.value
      }
      const piece = pending.subarray(0, left)
      pending = pending.subarray(piece.length)
      left -= piece.length
      await take(piece)
    }
  }

  async function readBlock(): Promise<Buffer> {
    const parts: Buffer[] = []
    await consume(BLOCK, (piece) => void parts.push(Buffer.from(piece)))
    return Buffer.concat(parts)
  }

  let longName: string | undefined
  for (;;) {
    const block = await readBlock()
    if (block.every((byte) => byte === 0)) break
    const entry = parseHeader(block)
    const padded = Math.ceil(entry.size / BLOCK) * BLOCK
    if (entry.type === 'x') {
      const parts: Buffer[] = []
      await consume(padded, (piece) => void parts.push(Buffer.from(piece)))
      longName = paxPath(Buffer.concat(parts).subarray(0, entry.size))
      continue
    }
    const name = longName ?? entry.name
    longName = undefined
    if (entry.type !== '0') {
      await consume(padded, () => undefined)
      continue
    }
    const sink = await open({ name, size: entry.size })
    await consume(entry.size, (piece) => sink.write(piece))
    await sink.end()
    await consume(padded - entry.size, () => undefined)
  }
  // Read to the very end: gunzip checks its CRC and length there, the proof the bytes are whole.
  while (!(await iterator.next()).done) {}
}
