import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * How an import's chunk waits on disk: `text` (the bulk of it) goes to a file as it is, `kept`
 * stays in memory (a few short arrays), and `join` puts the chunk back together.
 */
export interface ChunkCodec<C, K> {
  split(chunk: C): { text: string; kept: K }
  join(text: string, kept: K): C
}

/** A chunk as JSON on disk, nothing kept in memory: for chunks of plain values. */
export function jsonChunkCodec<C>(): ChunkCodec<C, null> {
  return {
    split: (chunk) => ({ text: JSON.stringify(chunk), kept: null }),
    join: (text) => JSON.parse(text) as C,
  }
}

/**
 * Chunks that cannot be written while the file is read wait until it has all been read: nothing
 * is committed for a file that turns out to have too many rows or a broken end. Their bulk waits
 * in temporary files, so memory holds a few chunks at a time however long the cells are.
 */
export function createChunkStage<C, K>(dir: string, codec: ChunkCodec<C, K>) {
  const staged: { file: string; kept: K }[] = []
  const read = ({ file, kept }: { file: string; kept: K }) => {
    const reading = readFile(file, 'utf8').then((text) => codec.join(text, kept))
    // A caller that stops early (a failed batch) never awaits the chunk read ahead.
    reading.catch(() => {})
    return reading
  }
  return {
    async put(chunk: C): Promise<void> {
      const file = path.join(dir, `chunk-${staged.length}`)
      const { text, kept } = codec.split(chunk)
      staged.push({ file, kept })
      await writeFile(file, text, { flag: 'wx', mode: 0o600 })
    },
    /** The staged chunks in order; the next one is read while the caller writes the current one. */
    async *chunks(): AsyncGenerator<C> {
      let next = staged.length > 0 ? read(staged[0]!) : undefined
      for (let i = 0; next; i++) {
        const chunk = await next
        next = i + 1 < staged.length ? read(staged[i + 1]!) : undefined
        yield chunk
      }
    },
  }
}
export type ChunkStage<C> = { put(chunk: C): Promise<void>; chunks(): AsyncGenerator<C> }
