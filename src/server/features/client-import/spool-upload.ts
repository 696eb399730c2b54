import { createWriteStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { IMPORT_MAX_BYTES } from '#shared/contracts/client-import.contract.ts'
import { tooLarge } from './import-errors.ts'

/**
 * Copies the uploaded file to a private temporary file, counting bytes on the way: past
 * IMPORT_MAX_BYTES the copy stops at once with 413, so at most the limit is ever stored. A file is
 * needed because a workbook is a zip, whose table of contents is at the end.
 */
export async function spoolUpload(upload: Readable, target: string): Promise<number> {
  let size = 0
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      done(size > IMPORT_MAX_BYTES ? tooLarge() : null, chunk)
    },
  })
  try {
    await pipeline(upload, limit, createWriteStream(target, { flags: 'wx', mode: 0o600 }))
  } catch (error) {
    // @fastify/multipart's own cap (a little above ours) reports the same thing in its words.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    throw error
  }
  // Without throwFileSizeLimit the multipart stream is cut short and flagged instead.
  if ((upload as { truncated?: boolean }).truncated) throw tooLarge()
  return size
}
