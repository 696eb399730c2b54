import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FileStorage, ObjectNotFoundError } from './storage.ts'

export interface StorageUnderTest {
  storage: FileStorage
  close(): Promise<void>
  /** What failed writes may have left outside any key (the disk's temp files); expected empty. */
  leftovers?(): Promise<string[]>
}

const MB = 1024 * 1024
const INVALID_KEYS = ['../x', '/abs', 'a//b', 'A.txt', '']
const OPTIONS = { contentType: 'application/octet-stream' }

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The bytes in 64 KB chunks, as an upload arrives. */
export function streamOf(bytes: Buffer): Readable {
  const chunks = Array.from({ length: Math.ceil(bytes.length / (64 * 1024)) }, (_, i) =>
    bytes.subarray(i * 64 * 1024, (i + 1) * 64 * 1024),
  )
  return Readable.from(chunks, { objectMode: false })
}

/** Sends `bytes` zero bytes, then fails, as a dropped upload does. */
export function failingStream(bytes: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytes; sent += 64 * 1024)
        yield Buffer.alloc(Math.min(64 * 1024, bytes - sent))
      throw new Error('source failed')
    })(),
    { objectMode: false },
  )
}

async function keysOf(storage: FileStorage, prefix: string): Promise<string[]> {
  const keys: string[] = []
  for await (const object of storage.list(prefix)) keys.push(object.key)
  return keys.sort()
}

/** One behaviour for every FileStorage adapter: each adapter's test file runs this on its own backend. */
export function describeStorageContract(name: string, makeStorage: () => Promise<StorageUnderTest>) {
  describe(`${name} storage contract`, () => {
    let subject: StorageUnderTest
    let storage: FileStorage
    let run = 0
    let p: string // each test's own keys, so tests share one backend without seeing each other
    beforeAll(async () => {
      subject = await makeStorage()
      storage = subject.storage
    })
    afterAll(() => subject?.close())
    beforeEach(() => {
      p = `contract/t${++run}/`
    })

    it('gives back the bytes it was given, with their size and SHA-256', async () => {
      const bytes = new TextEncoder().encode('Policy declarations page\n')
      expect(await storage.put(`${p}doc.txt`, bytes, { contentType: 'text/plain' })).toEqual({
        size: bytes.length,
        sha256: sha256(bytes),
      })
      const stream = await storage.get(`${p}doc.txt`)
      expect(stream).toBeInstanceOf(Readable)
      expect(await readAll(stream)).toEqual(Buffer.from(bytes))
    })

    it('stores a body read from a stream', async () => {
      const bytes = randomBytes(300 * 1024 + 17)
      expect(await storage.put(`${p}upload.bin`, streamOf(bytes), OPTIONS)).toEqual({
        size: bytes.length,
        sha256: sha256(bytes),
      })
      expect(sha256(await readAll(await storage.get(`${p}upload.bin`)))).toBe(sha256(bytes))
    })

    it('round-trips a 10 MB body, more than one multipart part', async () => {
      const bytes = randomBytes(10 * MB)
      const answer = await storage.put(`${p}big.bin`, streamOf(bytes), OPTIONS)
      expect(answer).toEqual({ size: bytes.length, sha256: sha256(bytes) })
      const back = await readAll(await storage.get(`${p}big.bin`))
      expect(back.length).toBe(bytes.length)
      expect(sha256(back)).toBe(sha256(bytes))
    })

    it('replaces what was under the key', async () => {
      await storage.put(`${p}k`, Buffer.from('first version, the longer one'), OPTIONS)
      await storage.put(`${p}k`, Buffer.from('second'), OPTIONS)
      expect((await readAll(await storage.get(`${p}k`))).toString()).toBe('second')
      expect((await storage.head(`${p}k`))?.size).toBe(6)
    })

    it('heads an object with its size and time, and a missing one as null', async () => {
      const before = Date.now()
      await storage.put(`${p}h.bin`, Buffer.alloc(1234, 1), OPTIONS)
      const head = await storage.head(`${p}h.bin`)
      expect(head).toMatchObject({ key: `${p}h.bin`, size: 1234 })
      // S3 keeps whole seconds: allow the second the put started in.
      expect(head!.lastModified.getTime()).toBeGreaterThanOrEqual(before - 1000)
      expect(head!.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
      expect(await storage.head(`${p}missing`)).toBeNull()
    })

    it('refuses to get a missing key with ObjectNotFoundError', async () => {
      await expect(storage.get(`${p}missing`)).rejects.toBeInstanceOf(ObjectNotFoundError)
    })

    it('deletes an object, and deleting a missing one is no error', async () => {
      await storage.put(`${p}d`, Buffer.from('x'), OPTIONS)
      await storage.delete(`${p}d`)
      expect(await storage.head(`${p}d`)).toBeNull()
      await expect(storage.get(`${p}d`)).rejects.toBeInstanceOf(ObjectNotFoundError)
      await expect(storage.delete(`${p}d`)).resolves.toBeUndefined()
      await expect(storage.delete(`${p}never/was`)).resolves.toBeUndefined()
    })

    it('lists exactly the keys that start with the prefix, with their sizes', async () => {
      const keys = ['a/1', 'a/2/deep.pdf', 'a/3', 'ab/4', 'b/5'].map((key) => p + key)
      for (const [i, key] of keys.entries()) await storage.put(key, Buffer.alloc(i + 1), OPTIONS)
      expect(await keysOf(storage, `${p}a/`)).toEqual(keys.slice(0, 3))
      // A plain string prefix, as S3 has it: 'a' also matches 'ab/…'.
      expect(await keysOf(storage, `${p}a`)).toEqual(keys.slice(0, 4))
      expect(await keysOf(storage, p)).toEqual(keys)
      expect(await keysOf(storage, `${p}c/`)).toEqual([])
      const sizes: Record<string, number> = {}
      for await (const object of storage.list(`${p}a/`)) sizes[object.key] = object.size
      expect(sizes).toEqual({ [keys[0]!]: 1, [keys[1]!]: 2, [keys[2]!]: 3 })
    })

    it.each(INVALID_KEYS)('refuses the key %j in every method', async (key) => {
      const refused = /Invalid storage key/
      await expect(storage.put(key, Buffer.from('x'), OPTIONS)).rejects.toThrow(refused)
      await expect(storage.get(key)).rejects.toThrow(refused)
      await expect(storage.head(key)).rejects.toThrow(refused)
      await expect(storage.delete(key)).rejects.toThrow(refused)
      await expect(keysOf(storage, key)).rejects.toThrow(refused)
    })

    it.each([
      ['before any part is complete', 100 * 1024],
      ['after the first multipart part', 6 * MB],
    ])('leaves nothing under the key when the source fails %s', async (_when, bytes) => {
      await expect(storage.put(`${p}broken.bin`, failingStream(bytes), OPTIONS)).rejects.toThrow(
        'source failed',
      )
      expect(await storage.head(`${p}broken.bin`)).toBeNull()
      expect(await keysOf(storage, p)).toEqual([])
      if (subject.leftovers) expect(await subject.leftovers()).toEqual([])
    })

    it('keeps the old bytes when a put over them fails', async () => {
      await storage.put(`${p}kept`, Buffer.from('signed application'), OPTIONS)
      await expect(storage.put(`${p}kept`, failingStream(1000), OPTIONS)).rejects.toThrow('source failed')
      expect((await readAll(await storage.get(`${p}kept`))).toString()).toBe('signed application')
    })
  })
}
