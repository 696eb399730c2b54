import { createHash } from 'node:crypto'
import { type Readable, Transform } from 'node:stream'

/** One stored object, as a listing or a head tells it. */
export interface StoredObject {
  key: string
  size: number
  lastModified: Date
}

/**
 * Where user files and generated documents live, by an opaque key the server makes (never a
 * user's file name). Rows in the database keep the metadata and the SHA-256; the bytes live here.
 * Two adapters: local disk under DATA_DIR/files (the default) and S3-compatible object storage
 * when S3_BUCKET is set. Both pass one contract suite (storage-contract.ts).
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3'
  /** Writes the whole body under the key, replacing what was there; answers its size and SHA-256 (hex). */
  put(
    key: string,
    body: Uint8Array | Readable,
    options: { contentType: string },
  ): Promise<{ size: number; sha256: string }>
  /** The object's bytes as a stream. Throws ObjectNotFoundError when there is none. */
  get(key: string): Promise<Readable>
  /** The object's size and time, or null when there is none. */
  head(key: string): Promise<StoredObject | null>
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>
  /** Every object whose key starts with the prefix, in no promised order. */
  list(prefix: string): AsyncIterable<StoredObject>
}

export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`)
  }
}

/** Lower-case letters, digits, '-', '_', '.' in '/'-separated segments; no empty, '.' or '..' segment. */
const KEY = /^[a-z0-9_-][a-z0-9_.-]*(\/[a-z0-9_-][a-z0-9_.-]*)*$/

/** Refuses a key that could leave the storage root or that S3 and disk would read differently. */
export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
  }
}

/** A list prefix is a valid key, or one followed by '/': listing is always scoped, never the whole store. */
export function assertValidPrefix(prefix: string): void {
  assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)
}

/** A pass-through that counts and hashes the bytes on their way to storage: put's answer. */
export function createDigestStream(): { stream: Transform; digest(): { size: number; sha256: string } } {
  const hash = createHash('sha256')
  let size = 0
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      size += chunk.length
      done(null, chunk)
    },
  })
  return { stream, digest: () => ({ size, sha256: hash.digest('hex') }) }
}

export const digestOf = (bytes: Uint8Array) => ({
  size: bytes.byteLength,
  sha256: createHash('sha256').update(bytes).digest('hex'),
})
