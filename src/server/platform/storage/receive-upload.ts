import { once } from 'node:events'
import { PassThrough, type Readable } from 'node:stream'
import { FILE_KIND_MIME, type FileKind } from '#shared/domain/document-types.ts'
import { SNIFF_BYTES, type SniffedType, sniffFileKind } from './sniff-file-kind.ts'
import type { FileStorage } from './storage.ts'

/**
 * The multipart parser's file cap (app.ts): the largest upload any route takes (10 MB: a client
 * import, additional documents) and a little, so the route itself sees a file over its own limit
 * and answers with its own message. Past it the body is no longer read.
 */
export const MULTIPART_FILE_CAP_BYTES = 10 * 1024 * 1024 + 64 * 1024

export interface UploadRules {
  kinds: readonly FileKind[]
  maxBytes: number
  /** Past this the upload is no longer read (nor counted): the size reported is this. */
  capBytes: number
  /** How the type is judged from the first bytes; sniffFileKind unless said (plain text needs its own). */
  sniff?: (head: Buffer) => SniffedType
}

export type ReceivedUpload =
  | { ok: true; kind: FileKind; contentType: string; size: number; sha256: string }
  /** Not one of the allowed kinds. `drained`: the rest of the body was read, the connection can stay. */
  | { ok: false; reason: 'type'; found: string; drained: boolean }
  /** Over the type's limit: nothing is kept. `size` is the whole file's, up to the cap. */
  | { ok: false; reason: 'size'; size: number; drained: boolean }

type Chunks = AsyncIterator<Buffer>

/** The first SNIFF_BYTES (or the whole file when smaller), as the chunks that brought them. */
async function peek(chunks: Chunks): Promise<{ head: Buffer[]; ended: boolean }> {
  const head: Buffer[] = []
  let size = 0
  while (size < SNIFF_BYTES) {
    const next = await chunks.next()
    if (next.done) return { head, ended: true }
    head.push(next.value)
    size += next.value.length
  }
  return { head, ended: false }
}

/**
 * Reads the rest without keeping it, counting up to the cap: a browser reads an answer more
 * reliably once it has sent its whole body.
 */
async function drain(chunks: Chunks, counted: number, capBytes: number) {
  let size = counted
  for (;;) {
    const next = await chunks.next()
    if (next.done) return { size, drained: true }
    size += next.value.length
    if (size > capBytes) return { size: capBytes, drained: false }
  }
}

/**
 * A writable body for storage.put, fed by hand so the upload itself is never piped into it: when
 * storage fails (or the file turns out too large) the body is destroyed, and the upload can still
 * be read to its end.
 */
function openPut(storage: FileStorage, key: string, contentType: string) {
  const body = new PassThrough()
  // Its failures reach us through the put's answer; this only keeps a late one from going uncaught.
  body.on('error', () => undefined)
  const put = storage.put(key, body, { contentType })
  // Settles only as a failure: a put cannot finish before its body ends.
  const failed = put.then(() => {
    throw new Error('storage finished before the upload ended')
  })
  failed.catch(() => undefined)
  return {
    put,
    async write(chunk: Buffer) {
      if (!body.write(chunk)) await Promise.race([once(body, 'drain'), failed])
    },
    end: () => body.end(),
    /** Stops the put (disk drops its temp file, S3 aborts its multipart upload), then removes any object. */
    async abort(reason: Error) {
      body.destroy(reason)
      await put.catch(() => undefined)
      await storage.delete(key).catch(() => undefined)
    },
  }
}

/**
 * Takes an upload into storage under `key`, streaming: it holds at most the first 64 KB (to judge
 * the type by content) and one chunk after that. A file of a kind not allowed is never stored; one
 * past the limit is stopped at the limit, removed, and counted on to its end. On any failure
 * (the body cut short, storage down) nothing is left under the key and the error is rethrown.
 */
export async function receiveUpload(
  source: Readable,
  storage: FileStorage,
  key: string,
  rules: UploadRules,
): Promise<ReceivedUpload> {
  const chunks: Chunks = source[Symbol.asyncIterator]()
  let ended = false
  try {
    const peeked = await peek(chunks)
    ended = peeked.ended
    let size = peeked.head.reduce((sum, chunk) => sum + chunk.length, 0)
    const sniffed = (rules.sniff ?? sniffFileKind)(Buffer.concat(peeked.head).subarray(0, SNIFF_BYTES))
    if (!sniffed.kind || !rules.kinds.includes(sniffed.kind)) {
      if (!ended) ended = (await drain(chunks, size, rules.capBytes).catch(() => null))?.drained ?? false
      return { ok: false, reason: 'type', found: sniffed.mime, drained: ended }
    }
    const contentType = FILE_KIND_MIME[sniffed.kind]
    const target = openPut(storage, key, contentType)
    try {
      for (const chunk of peeked.head) await target.write(chunk)
      while (!ended && size <= rules.maxBytes) {
        const next = await chunks.next()
        if (next.done) ended = true
        else {
          size += next.value.length
          if (size <= rules.maxBytes) await target.write(next.value)
        }
      }
      if (size > rules.maxBytes) {
        await target.abort(new Error('over the size limit'))
        const counted = ended ? { size, drained: true } : await drain(chunks, size, rules.capBytes)
        ended = counted.drained
        return { ok: false, reason: 'size', size: counted.size, drained: ended }
      }
      target.end()
      const stored = await target.put
      return { ok: true, kind: sniffed.kind, contentType, ...stored }
    } catch (error) {
      await target.abort(error instanceof Error ? error : new Error(String(error)))
      throw error
    }
  } finally {
    // A body not read to its end (past the cap, or a failure) stops its parser here.
    if (!ended) await chunks.return?.()
  }
}

/**
 * Reads an upload that is refused before its content matters (a bad form field) to its end,
 * keeping nothing. Answers whether it was read to its end; if not (past the cap, cut short) the
 * parser is stopped and the answer should close the connection.
 */
export async function discardUpload(source: Readable, capBytes: number): Promise<boolean> {
  const chunks: Chunks = source[Symbol.asyncIterator]()
  const drained = (await drain(chunks, 0, capBytes).catch(() => null))?.drained ?? false
  if (!drained) await chunks.return?.()
  return drained
}
