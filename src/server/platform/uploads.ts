import { randomUUID } from 'node:crypto'
import { open, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { AppError } from './app-error.ts'
import {
  MULTIPART_FILE_CAP_BYTES,
  type ReceivedUpload,
  receiveUpload,
  type UploadRules,
} from './storage/receive-upload.ts'
import type { FileStorage } from './storage/storage.ts'

/** Our words for a form body that is not one: cut short (the browser dropped) or malformed. */
export const MALFORMED_UPLOAD_MESSAGE =
  'The upload was cut short or is not a valid form. Choose the file and send it again.'

const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE'
const COUNT_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_FILES_LIMIT'])

export interface FilePart {
  filename: string
  /**
   * The plain form fields sent before the file part (the first value of a repeated name); every
   * field of the form when the file was spooled (`decidesBefore`).
   */
  fields: Record<string, string>
  /** The file's bytes as they arrive; it fails with a 400 or the route's 413, never a bare parser error. */
  stream: Readable
  /**
   * The plain fields sent after the file. Call it only once the stream has been read to its end
   * (the parser reaches them only then); a broken body fails as the stream would.
   */
  fieldsAfter: () => Promise<Record<string, string>>
}

interface FilePartOptions {
  /** The form field that carries the file. */
  field: string
  /**
   * Whether the fields sent before the file are enough to decide how to take it (its type, its
   * limit). When they are not (a client that sends the file first, as `curl -F file=@w9.pdf -F
   * documentType=w9` does), the file is spooled to a temporary file under the parser's cap, the
   * fields after it are read, and the route gets every field with the file as a stream from that
   * copy. Without this the file always streams straight through.
   */
  decidesBefore?: (fields: Record<string, string>) => boolean
  /** 400's message when the form has no file in that field (or is not a form at all). */
  noFile: string
  /** The route's own 413, for a file past the upload cap. */
  tooLarge: () => AppError
}

/**
 * The rest of a broken body is left unread, so the connection closes after the answer: kept
 * alive, its next request would sit behind the unread bytes.
 */
function malformed(): AppError {
  return new AppError('INVALID_INPUT', {
    message: MALFORMED_UPLOAD_MESSAGE,
    headers: { connection: 'close' },
  })
}

function codeOf(error: unknown): string {
  return (error as { code?: string }).code ?? ''
}

/** The parser's errors are about the body the client sent: too large is the route's 413, the rest 400. */
function bodyError(error: unknown, tooLarge: () => AppError): AppError {
  const code = codeOf(error)
  if (code === FILE_TOO_LARGE) return tooLarge()
  if (COUNT_LIMITS.has(code)) return new AppError('PAYLOAD_TOO_LARGE', { message: GENERIC_MESSAGES.tooLarge })
  return malformed()
}

/**
 * The file's bytes with the parser's failures turned into answers. A body that ends early fails
 * mid-stream, after the route has started reading (or already while the part was found): an
 * "Unexpected end of form" is the client's doing, not ours. A file cut at the size cap (the parser
 * flags it instead of failing) is the 413. Iterating sees a failure that came before it started.
 */
async function* guardedBytes(part: MultipartFile, tooLarge: () => AppError): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of part.file) yield chunk as Buffer
  } catch (error) {
    throw bodyError(error, tooLarge)
  }
  if (part.file.truncated) throw tooLarge()
}

type Parts = ReturnType<FastifyRequest['parts']>

/** Plain fields from the parts still to come, until the next file part or the end (the first value of a repeated name). */
async function readFields(parts: Parts, fields: Record<string, string> = {}) {
  for (;;) {
    const next = await parts.next()
    if (next.done) return { part: undefined, fields }
    const part = next.value
    if (part.type === 'file') return { part, fields }
    if (!(part.fieldname in fields) && typeof part.value === 'string') fields[part.fieldname] = part.value
  }
}

/**
 * The first file part, and the plain fields that came before it. Read from the parts in their
 * order: the parser may already have read fields sent after the file into the part's own `fields`
 * by the time the route sees it. The iterator stays open for the fields after the file.
 */
async function firstFilePart(request: FastifyRequest) {
  const parts = request.parts()
  return { ...(await readFields(parts)), parts }
}

/**
 * The one file part of a multipart form, still streaming: nothing is buffered here. Every upload
 * route takes its file through this, so a truncated or malformed body is a 400 with a clear
 * message on each of them, and never a 500.
 */
export async function receiveFilePart(request: FastifyRequest, options: FilePartOptions): Promise<FilePart> {
  const noFile = () => new AppError('INVALID_INPUT', { message: options.noFile })
  if (!request.isMultipart()) throw noFile()
  let found: Awaited<ReturnType<typeof firstFilePart>>
  try {
    found = await firstFilePart(request)
  } catch (error) {
    throw bodyError(error, options.tooLarge)
  }
  const { part, fields, parts } = found
  // A browser sends an empty part named "" when the form had no file chosen.
  if (part?.fieldname !== options.field || !part.filename) {
    part?.file.resume()
    throw noFile()
  }
  if (options.decidesBefore && !options.decidesBefore(fields)) {
    return spoolFilePart(part, fields, () => readFields(parts), options.tooLarge).catch((error: unknown) => {
      throw error instanceof AppError ? error : bodyError(error, options.tooLarge)
    })
  }
  return {
    filename: part.filename,
    fields,
    stream: Readable.from(guardedBytes(part, options.tooLarge), { objectMode: false }),
    fieldsAfter: async () => {
      try {
        // A second file is past the parser's one-file limit and fails here.
        return (await readFields(parts)).fields
      } catch (error) {
        throw bodyError(error, options.tooLarge)
      }
    },
  }
}

/**
 * Takes a file whose deciding fields come after it: its bytes go to a temporary file under the
 * parser's cap (memory holds one chunk), the fields after it are read, and the route gets every
 * field and the file as a stream from that copy. The copy's name is removed as soon as it is open,
 * so nothing is left behind: not by a refusal, not by a route that stops reading, not by a crash.
 * A file past the cap is the route's 413 at once, without reading the rest of the body.
 */
async function spoolFilePart(
  part: MultipartFile,
  fieldsBefore: Record<string, string>,
  readRest: () => ReturnType<typeof readFields>,
  tooLarge: () => AppError,
): Promise<FilePart> {
  const name = path.join(tmpdir(), `upload-${randomUUID()}`)
  const handle = await open(name, 'wx+', 0o600)
  await unlink(name)
  try {
    let size = 0
    for await (const chunk of guardedBytes(part, tooLarge)) {
      await handle.write(chunk, 0, chunk.length, size)
      size += chunk.length
      if (part.file.truncated) throw tooLarge()
    }
    const after = await readRest()
    if (after.part) after.part.file.resume()
    return {
      filename: part.filename,
      // The first value of a repeated name wins, as for fields before the file.
      fields: { ...after.fields, ...fieldsBefore },
      stream: handle.createReadStream({ start: 0, autoClose: true }),
      fieldsAfter: async () => ({}),
    }
  } catch (error) {
    await handle.close()
    throw error
  }
}

/** An upload that was not stored: of a kind not allowed, or over its limit. */
export type UploadRefusal = Extract<ReceivedUpload, { ok: false }>

/**
 * The one upload intake: the file streams into storage under `key`, judged by content and size
 * (receiveUpload). A file past the parser's cap (the part's stream fails with the route's 413) is
 * refused for its size like any other too large, so the caller answers every refusal in its own
 * words through uploadRefusal. Any other failure (storage down, the body cut short) is thrown.
 */
export async function takeUpload(
  stream: Readable,
  storage: FileStorage,
  key: string,
  rules: Omit<UploadRules, 'capBytes'> & { capBytes?: number },
): Promise<ReceivedUpload> {
  const capBytes = rules.capBytes ?? MULTIPART_FILE_CAP_BYTES
  return receiveUpload(stream, storage, key, { ...rules, capBytes }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
      return { ok: false, reason: 'size', size: capBytes, drained: false } as const
    }
    throw error
  })
}

/** The caller's words for a refused upload. */
export interface RefusalTexts {
  /** The file's kind is not allowed; `found` is the type its content shows. */
  type: (found: string) => string
  /** The file is over its limit; `size` is its size (up to the parser's cap). */
  size: (size: number) => string
  /** The form field the file came in, when the message belongs on it. */
  field?: string
}

/**
 * A refused upload as its answer: 415 for the kind, 413 for the size. When the rest of the body
 * was not read (past the cap, or cut short) the connection closes: kept alive, the next request
 * would sit behind the unread bytes.
 */
export function uploadRefusal(refused: UploadRefusal, texts: RefusalTexts): AppError {
  const [code, message] =
    refused.reason === 'type'
      ? (['UNSUPPORTED_MEDIA_TYPE', texts.type(refused.found)] as const)
      : (['PAYLOAD_TOO_LARGE', texts.size(refused.size)] as const)
  return new AppError(code, {
    message,
    ...(texts.field ? { fieldErrors: [{ path: texts.field, message }] } : {}),
    ...(refused.drained ? {} : { headers: { connection: 'close' } }),
  })
}
