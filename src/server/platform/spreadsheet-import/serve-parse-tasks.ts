import { parentPort } from 'node:worker_threads'
import { AppError } from '../app-error.ts'
import type { SheetRow } from './cell-values.ts'
import { UnreadableFileError } from './import-errors.ts'
import { IMPORT_CHUNK_SIZE } from './import-limits.ts'
import type { FromWorker, ParseFailure, ParseTask, ToWorker } from './parse-messages.ts'
import { readCsvRows } from './read-csv-rows.ts'
import { openXlsRows } from './read-xls-rows.ts'
import { openXlsxRows } from './read-xlsx-rows.ts'

export interface CollectOptions {
  date1904: boolean
  deadline: number
  chunkSize: number
}

/** An import's row reader: checks every row of the sheet and hands the valid ones over by chunks. */
export type CollectRows<Chunk, Collected> = (
  rows: AsyncIterable<SheetRow>,
  onChunk: (chunk: Chunk) => Promise<void>,
  options: CollectOptions,
) => Promise<Collected>

function describe(error: unknown): ParseFailure {
  if (error instanceof AppError) {
    return { kind: 'answer', code: error.code, message: error.message, headers: error.headers }
  }
  if (error instanceof UnreadableFileError) return { kind: 'unreadable', message: error.message }
  return {
    kind: 'other',
    name: (error as Error)?.name ?? 'Error',
    code: (error as { code?: string })?.code,
  }
}

async function openRows({ kind, file, size, deadline }: ParseTask) {
  if (kind.kind === 'csv') return { rows: readCsvRows(file, kind.encoding), date1904: false }
  if (kind.kind === 'xlsx') return openXlsxRows(file, kind.entries, size, deadline)
  return openXlsRows(file)
}

/**
 * The body of a parse worker thread (parse-pool.ts): it reads a spooled upload and checks its rows
 * with the import's `collect`, off the server's event loop, and hands the valid rows over chunk by
 * chunk. It waits for each chunk to be written before reading on, so a slow database slows the
 * reading instead of filling memory.
 */
export function serveParseTasks<Chunk, Collected>(collect: CollectRows<Chunk, Collected>): void {
  const port = parentPort
  if (!port) throw new Error('a parse worker runs as a worker thread (parse-pool.ts)')
  let chunkWritten: (() => void) | undefined
  const send = (message: FromWorker<Chunk, Collected>) => port.postMessage(message)
  const handOver = (chunk: Chunk) =>
    new Promise<void>((resolve) => {
      chunkWritten = resolve
      send({ type: 'chunk', chunk })
    })

  async function parse(task: ParseTask) {
    try {
      const source = await openRows(task)
      const collected = await collect(source.rows, handOver, {
        date1904: source.date1904,
        deadline: task.deadline,
        chunkSize: IMPORT_CHUNK_SIZE,
      })
      send({ type: 'done', collected })
    } catch (error) {
      send({ type: 'failed', failure: describe(error) })
    }
  }

  port.on('message', (message: ToWorker) => {
    if (message.type === 'written') chunkWritten?.()
    else void parse(message.task)
  })
}
