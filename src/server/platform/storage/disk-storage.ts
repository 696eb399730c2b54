import { randomUUID } from 'node:crypto'
import { createWriteStream, type Dirent } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { millisecondsInDay } from 'date-fns/constants'
import { syncFolder } from '../sync-folder.ts'
import {
  assertValidKey,
  assertValidPrefix,
  createDigestStream,
  digestOf,
  type FileStorage,
  ObjectNotFoundError,
  type StoredObject,
} from './storage.ts'

/** A temp file this old belongs to no write in flight: its process died before the rename. */
const TEMP_MAX_AGE_MS = millisecondsInDay

/** No such file, or a part of its path is a file rather than a folder. */
const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')

/**
 * Files under `root`, one per key ('/' in a key is a folder). A write goes to `root/.tmp` first and
 * is renamed into place, so a reader sees the old bytes or the new ones, never part of them. Keys
 * never start a segment with '.', so `.tmp` cannot clash with one. One limit S3 has not: a key
 * cannot also be the folder of another ('a' and 'a/b'); the server's keys never are.
 */
export function createDiskStorage(root: string): FileStorage {
  const base = path.resolve(root)
  const tempDir = path.join(base, '.tmp')
  const pathOf = (key: string) => path.join(base, ...key.split('/'))

  async function writeTemp(temp: string, body: Uint8Array | Readable) {
    // flush: the bytes reach the disk before the rename makes them visible, so a crash cannot
    // leave an empty file under a key whose row and SHA-256 the database already holds.
    if (body instanceof Uint8Array) {
      await writeFile(temp, body, { flag: 'wx', flush: true })
      return digestOf(body)
    }
    const { stream, digest } = createDigestStream()
    await pipeline(body, stream, createWriteStream(temp, { flags: 'wx', flush: true }))
    return digest()
  }

  /** Removes temp files left by writes whose process died; young ones may be another process's. */
  async function sweepTemp() {
    const now = Date.now()
    const names = await readdir(tempDir).catch(() => [] as string[])
    for (const name of names) {
      const file = path.join(tempDir, name)
      const info = await stat(file).catch(() => null)
      if (info && now - info.mtimeMs > TEMP_MAX_AGE_MS) await rm(file, { force: true })
    }
  }

  async function* walk(dir: string, keyPrefix: string): AsyncGenerator<StoredObject> {
    let entries: Dirent[]
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch (error) {
      if (isMissing(error)) return
      throw error
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      const key = keyPrefix + entry.name
      if (entry.isDirectory()) {
        yield* walk(path.join(dir, entry.name), `${key}/`)
      } else if (entry.isFile()) {
        // Deleted since the readdir: it is simply no longer there to list.
        const info = await stat(path.join(dir, entry.name)).catch(() => null)
        if (info) yield { key, size: info.size, lastModified: info.mtime }
      }
    }
  }

  return {
    kind: 'disk',

    async put(key, body) {
      assertValidKey(key)
      await mkdir(tempDir, { recursive: true })
      const temp = path.join(tempDir, randomUUID())
      try {
        const written = await writeTemp(temp, body)
        const target = pathOf(key)
        await mkdir(path.dirname(target), { recursive: true })
        await rename(temp, target)
        await syncFolder(path.dirname(target))
        return written
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },

    async get(key) {
      assertValidKey(key)
      // Opened here so a missing file is this call's error, and the stream reads this very file
      // even if a put or delete replaces it before the caller starts reading.
      const handle = await open(pathOf(key), 'r').catch((error) => {
        throw isMissing(error) ? new ObjectNotFoundError(key) : error
      })
      try {
        if (!(await handle.stat()).isFile()) throw new ObjectNotFoundError(key)
        return handle.createReadStream()
      } catch (error) {
        await handle.close()
        throw error
      }
    },

    async head(key) {
      assertValidKey(key)
      const info = await stat(pathOf(key)).catch((error) => {
        if (isMissing(error)) return null
        throw error
      })
      return info?.isFile() ? { key, size: info.size, lastModified: info.mtime } : null
    },

    async delete(key) {
      assertValidKey(key)
      await unlink(pathOf(key)).catch((error) => {
        // A folder under the key is not an object either: nothing to remove.
        if (!isMissing(error) && (error as NodeJS.ErrnoException).code !== 'EISDIR') throw error
      })
    },

    async *list(prefix) {
      assertValidPrefix(prefix)
      // Listing is the periodic clean-up's walk (documents/sweep-orphan-files.ts): temp files go with it.
      await sweepTemp()
      // Keys match by plain string prefix, as on S3: 'a/b' lists 'a/b/c' and 'a/bc'.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1)
      for await (const object of walk(pathOf(folder || '.'), folder)) {
        if (object.key.startsWith(prefix)) yield object
      }
    },
  }
}
