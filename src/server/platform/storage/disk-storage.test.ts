import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createStorage } from './create-storage.ts'
import { createDiskStorage } from './disk-storage.ts'
import type { FileStorage } from './storage.ts'
import { describeStorageContract, failingStream, readAll } from './storage-contract.ts'

const OPTIONS = { contentType: 'application/octet-stream' }
const tempFiles = (root: string) =>
  existsSync(path.join(root, '.tmp')) ? readdirSync(path.join(root, '.tmp')) : []

describeStorageContract('disk', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'disk-storage-'))
  return {
    storage: createDiskStorage(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
    leftovers: async () => tempFiles(root),
  }
})

describe('disk storage', () => {
  let root: string
  let storage: FileStorage
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'disk-storage-'))
    storage = createDiskStorage(root)
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('keeps each object as a file at its key under the root', async () => {
    await storage.put('documents/agency-1/doc', Buffer.from('bytes'), OPTIONS)
    expect(readdirSync(path.join(root, 'documents', 'agency-1'))).toEqual(['doc'])
  })

  it('shows nothing under the key while the body is still arriving, then all of it at once', async () => {
    const body = new PassThrough()
    const put = storage.put('documents/slow', body, OPTIONS)
    body.write(Buffer.alloc(64 * 1024, 1))
    // The first chunk lands in a temp file, not under the key.
    await expect.poll(() => tempFiles(root).length).toBe(1)
    expect(existsSync(path.join(root, 'documents', 'slow'))).toBe(false)
    expect(await storage.head('documents/slow')).toBeNull()
    body.end(Buffer.alloc(1000, 2))
    expect((await put).size).toBe(64 * 1024 + 1000)
    expect((await storage.head('documents/slow'))?.size).toBe(64 * 1024 + 1000)
    expect(tempFiles(root)).toEqual([])
  })

  it('removes the temp file of a failed write and creates no file or folder for the key', async () => {
    await expect(storage.put('documents/new/broken', failingStream(200_000), OPTIONS)).rejects.toThrow(
      'source failed',
    )
    expect(tempFiles(root)).toEqual([])
    expect(existsSync(path.join(root, 'documents'))).toBe(false)
  })

  it('lets a reader finish the old bytes while a put replaces them', async () => {
    await storage.put('documents/r', Buffer.alloc(300_000, 'a'), OPTIONS)
    const reading = await storage.get('documents/r')
    await storage.put('documents/r', Buffer.from('new'), OPTIONS)
    await storage.delete('documents/r')
    // Compared as text: toEqual walks a Buffer byte by byte, a second for these 300 KB.
    expect((await readAll(reading)).toString()).toBe('a'.repeat(300_000))
  })

  it('sweeps temp files older than a day when listing, and keeps younger ones', async () => {
    mkdirSync(path.join(root, '.tmp'))
    writeFileSync(path.join(root, '.tmp', 'dead'), 'left by a crashed process')
    writeFileSync(path.join(root, '.tmp', 'live'), 'a write in flight')
    const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000)
    utimesSync(path.join(root, '.tmp', 'dead'), twoDaysAgo, twoDaysAgo)
    for await (const _ of storage.list('documents/')) expect.unreachable('nothing is stored')
    expect(tempFiles(root)).toEqual(['live'])
  })

  it('is what createStorage gives without S3_BUCKET, under DATA_DIR/files', async () => {
    const fromConfig = createStorage({ DATA_DIR: root })
    expect(fromConfig.kind).toBe('disk')
    await fromConfig.put('documents/c', Buffer.from('x'), OPTIONS)
    expect(existsSync(path.join(root, 'files', 'documents', 'c'))).toBe(true)
  })
})
