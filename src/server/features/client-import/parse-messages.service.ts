import type { ErrorCode } from '#shared/errors.ts'
import type { ClientChunk } from './client-chunk.service.ts'
import type { CollectedRows } from './collect-rows.ts'
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

export type FromWorker =
  | { type: 'chunk'; chunk: ClientChunk }
  | { type: 'done'; collected: CollectedRows }
  | { type: 'failed'; failure: ParseFailure }
