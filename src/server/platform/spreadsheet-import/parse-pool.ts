import { Worker } from 'node:worker_threads'
import { AppError } from '../app-error.ts'
import { UnreadableFileError } from './import-errors.ts'
import type { FromWorker, ParseFailure, ParseTask, ToWorker } from './parse-messages.ts'

/** A failure from a worker, as the error the reader threw there. */
function toError(failure: ParseFailure): Error {
  if (failure.kind === 'answer') {
    return new AppError(failure.code, { message: failure.message, headers: failure.headers })
  }
  if (failure.kind === 'unreadable') return new UnreadableFileError(failure.message)
  const error = new Error(`the reader failed (${failure.name})`)
  error.name = failure.name
  if (failure.code) Object.assign(error, { code: failure.code })
  return error
}

export interface ParseLease<Chunk, Collected> {
  /** Reads `task` in a worker; each valid chunk goes to `onChunk`, and reading waits for it. */
  read(task: ParseTask, onChunk: (chunk: Chunk) => Promise<void>): Promise<Collected>
  /** Gives the place back (once; later calls do nothing). */
  release(): void
}

export interface ParsePool<Chunk, Collected> {
  /** Workers at most: as many imports as this process reads at once. */
  readonly size: number
  /** A place for one import, taken before its upload is read; undefined when all are taken. */
  lease(): ParseLease<Chunk, Collected> | undefined
  close(): Promise<void>
}

/**
 * Worker threads that read spreadsheets off the event loop: parsing a 10 MB legacy .xls took the
 * whole loop for seconds, and every request of every agency waited behind it. Workers start on
 * first use (about half a second each) and stay for the next import. An import leases its place
 * before it reads its upload, so no more than `size` run at once in the process. `workerEntry` is
 * the import's own worker script (it serves tasks with serveParseTasks and its row reader).
 */
export function createParsePool<Chunk, Collected>(
  size: number,
  workerEntry: URL,
): ParsePool<Chunk, Collected> {
  const idle: Worker[] = []
  const all = new Set<Worker>()

  function take(): Worker {
    const reused = idle.pop()
    if (reused) {
      reused.ref()
      return reused
    }
    if (all.size >= size) throw new Error('parse pool: more reads than workers')
    const worker = new Worker(workerEntry)
    all.add(worker)
    // Between reads nobody listens; a worker that dies idle is simply dropped (its exit, below).
    worker.on('error', () => {})
    worker.once('exit', () => {
      all.delete(worker)
      const at = idle.indexOf(worker)
      if (at >= 0) idle.splice(at, 1)
    })
    return worker
  }

  function release(worker: Worker) {
    worker.unref()
    idle.push(worker)
  }

  function read(task: ParseTask, onChunk: (chunk: Chunk) => Promise<void>) {
    const worker = take()
    const post = (message: ToWorker) => worker.postMessage(message)
    return new Promise<Collected>((resolve, reject) => {
      const finish = (outcome: () => void, reusable: boolean) => {
        worker.off('message', onMessage)
        worker.off('error', onCrash)
        worker.off('exit', onExit)
        if (reusable) release(worker)
        else void worker.terminate()
        outcome()
      }
      const onMessage = (message: FromWorker<Chunk, Collected>) => {
        if (message.type === 'chunk') {
          onChunk(message.chunk).then(
            () => post({ type: 'written' }),
            // The write failed: the worker still waits on this chunk, so it goes, and a fresh one comes next time.
            (error) => finish(() => reject(error), false),
          )
        } else if (message.type === 'done') finish(() => resolve(message.collected), true)
        else finish(() => reject(toError(message.failure)), true)
      }
      // A reader that crashed its thread (out of memory on a hostile file) is an unreadable file.
      const onCrash = (error: Error) =>
        finish(() => reject(new UnreadableFileError(`the reader stopped: ${error.name}`)), false)
      const onExit = (code: number) =>
        finish(() => reject(new UnreadableFileError(`the reader exited with ${code}`)), false)
      worker.on('message', onMessage)
      worker.once('error', onCrash)
      worker.once('exit', onExit)
      post({ type: 'parse', task })
    })
  }

  let leased = 0
  return {
    size,
    lease() {
      if (leased >= size) return undefined
      leased++
      let released = false
      return {
        read,
        release() {
          if (!released) leased--
          released = true
        },
      }
    },
    async close() {
      await Promise.all([...all].map((worker) => worker.terminate()))
    },
  }
}
