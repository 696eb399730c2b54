import { parentPort } from 'node:worker_threads'
import { AppError } from '#server/platform/app-error.ts'
import type { ClientChunk } from './client-chunk.service.ts'
import { collectRows } from './collect-rows.ts'
import { UnreadableFileError } from './import-errors.service.ts'
import { IMPORT_CHUNK_SIZE } from './import-limits.service.ts'
import type { FromWorker, ParseFailure, ParseTask, ToWorker } from './parse-messages.service.ts'
import { readCsvRows } from './read-csv-rows.ts'
import { openXlsRows } from './read-xls-rows.ts'
import { openXlsxRows } from './read-xlsx-rows.ts'

// A worker thread of the parse pool: it reads a spooled upload and checks its rows, off the
// server's event loop, and hands the valid rows over chunk by chunk. It waits for each chunk to
// be written before reading on, so a slow database slows the reading instead of filling memory.

const port = parentPort
if (!port) throw new Error('parse-worker.job.ts runs as a worker thread (parse-pool.service.ts)')

let chunkWritten: (() => void) | undefined

function send(message: FromWorker) {
  port!.postMessage(message)
}

function handOver(chunk: ClientChunk): Promise<void> {
  return new Promise((resolve) => {
    chunkWritten = resolve
    send({ type: 'chunk', chunk })
  })
}

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

async function parse(task: ParseTask) {
  try {
    const source = await openRows(task)
    const collected = await collectRows(source.rows, handOver, {
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
