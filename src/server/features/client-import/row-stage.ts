import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { finished } from 'node:stream/promises'
import type { ImportedClient } from '#server/features/clients/clients.service.ts'

export interface StagedRow {
  row: number
  client: ImportedClient
}

/**
 * Valid rows wait in a temporary file (one JSON line each) until the whole file has been read:
 * nothing is written to the database for a file that turns out to have too many rows or a broken
 * end, and memory stays flat however many rows there are.
 */
export function createRowStage(path: string) {
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 })
  let count = 0
  return {
    get count() {
      return count
    },
    async add(entry: StagedRow): Promise<void> {
      count++
      if (!out.write(`${JSON.stringify(entry)}\n`)) await once(out, 'drain')
    },
    async close(): Promise<void> {
      out.end()
      await finished(out)
    },
    discard(): void {
      out.destroy()
    },
  }
}
export type RowStage = ReturnType<typeof createRowStage>

export async function* readStagedBatches(path: string, batchSize: number): AsyncGenerator<StagedRow[]> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY })
  let batch: StagedRow[] = []
  for await (const line of lines) {
    if (!line) continue
    batch.push(JSON.parse(line) as StagedRow)
    if (batch.length === batchSize) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}
