import { createWriteStream } from 'node:fs'
import type { Readable } from 'node:stream'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { IMPORT_MAX_BYTES } from '#shared/contracts/spreadsheet-import.ts'
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
  // The upload's own failures (cut short, past the parser's cap) already arrive as answers
  // (platform/uploads.ts); a failure of the temporary file is ours, a 500.
  await pipeline(upload, limit, createWriteStream(target, { flags: 'wx', mode: 0o600 }))
  return size
}
