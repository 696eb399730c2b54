import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ClientChunk } from './client-chunk.ts'

/**
 * Chunks that cannot be written while the file is read wait in temporary files: nothing is
 * committed for a file that turns out to have too many rows or a broken end, and memory holds a
 * few chunks at a time however long the cells are.
 */
export function createChunkStage(dir: string) {
  const files: string[] = []
  const read = (file: string) => {
    const reading = readFile(file, 'utf8').then((text) => JSON.parse(text) as ClientChunk)
    // A caller that stops early (a failed batch) never awaits the chunk read ahead.
    reading.catch(() => {})
    return reading
  }
  return {
    async put(chunk: ClientChunk): Promise<void> {
      const file = path.join(dir, `chunk-${files.length}.json`)
      files.push(file)
      await writeFile(file, JSON.stringify(chunk), { flag: 'wx', mode: 0o600 })
    },
    /** The staged chunks in order; the next one is read while the caller writes the current one. */
    async *chunks(): AsyncGenerator<ClientChunk> {
      let next = files.length > 0 ? read(files[0]!) : undefined
      for (let i = 0; next; i++) {
        const chunk = await next
        next = i + 1 < files.length ? read(files[i + 1]!) : undefined
        yield chunk
      }
    },
  }
}
export type ChunkStage = ReturnType<typeof createChunkStage>
