import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { SpreadsheetClientColumns } from '#server/features/clients/clients.service.ts'
import type { ClientChunk } from './client-chunk.service.ts'

interface StagedChunk {
  file: string
  /** The chunk without its columns, which wait in the file one after the other. */
  rest: Omit<ClientChunk, 'columns'>
  lengths: [keyof SpreadsheetClientColumns, number][]
}

/**
 * Chunks that cannot be written while the file is read wait until it has all been read: nothing
 * is committed for a file that turns out to have too many rows or a broken end. Their column
 * literals, the bulk of them, wait in temporary files (written as they are, no JSON), so memory
 * holds a few chunks at a time however long the cells are.
 */
export function createChunkStage(dir: string) {
  const staged: StagedChunk[] = []
  const read = ({ file, rest, lengths }: StagedChunk) => {
    const reading = readFile(file, 'utf8').then((text) => {
      const columns: SpreadsheetClientColumns = {}
      let at = 0
      for (const [field, length] of lengths) {
        columns[field] = text.slice(at, at + length)
        at += length
      }
      return { ...rest, columns }
    })
    // A caller that stops early (a failed batch) never awaits the chunk read ahead.
    reading.catch(() => {})
    return reading
  }
  return {
    async put({ columns, ...rest }: ClientChunk): Promise<void> {
      const file = path.join(dir, `chunk-${staged.length}`)
      const lengths = Object.entries(columns).map(([field, literal]) => [field, literal.length])
      staged.push({ file, rest, lengths: lengths as StagedChunk['lengths'] })
      await writeFile(file, Object.values(columns).join(''), { flag: 'wx', mode: 0o600 })
    },
    /** The staged chunks in order; the next one is read while the caller writes the current one. */
    async *chunks(): AsyncGenerator<ClientChunk> {
      let next = staged.length > 0 ? read(staged[0]!) : undefined
      for (let i = 0; next; i++) {
        const chunk = await next
        next = i + 1 < staged.length ? read(staged[i + 1]!) : undefined
        yield chunk
      }
    },
  }
}
export type ChunkStage = ReturnType<typeof createChunkStage>
