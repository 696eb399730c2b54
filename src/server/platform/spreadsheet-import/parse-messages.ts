import type { ErrorCode } from '#shared/errors.ts'
import type { FileKind } from './sniff-file-kind.ts'

/** What a parse worker is asked to read: the spooled upload and what is known of it. */
export interface ParseTask {
  kind: FileKind
  file: string
  size: number
  /** Date.now() past which reading stops as unreadable. */
  deadline: number
}

/** A failure crosses the thread as data; the pool turns it back into the error it was. */
export type ParseFailure =
  | { kind: 'answer'; code: ErrorCode; message: string; headers?: Record<string, string> }
  | { kind: 'unreadable'; message: string }
  | { kind: 'other'; name: string; code?: string }

export type ToWorker = { type: 'parse'; task: ParseTask } | { type: 'written' }

/** A chunk of valid rows (the import's own shape), then what the reading found (its own too). */
export type FromWorker<Chunk, Collected> =
  | { type: 'chunk'; chunk: Chunk }
  | { type: 'done'; collected: Collected }
  | { type: 'failed'; failure: ParseFailure }
