import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDirs } from '#test/temp-dirs.ts'
import { readTar } from './tar-reader.ts'
import { type TarEntry, tarStream } from './tar-writer.ts'

const longName = `files/documents/${'a'.repeat(36)}/${'b'.repeat(36)}/${'c'.repeat(40)}`
const samples = [
  { name: 'manifest.json', data: Buffer.from('{"format":"x"}\n') },
  { name: 'empty', data: Buffer.alloc(0) },
  { name: 'exactly-one-block', data: randomBytes(512) },
  { name: longName, data: randomBytes(70_001) },
]
const mtime = new Date('2025-01-02T03:00:00Z')
const dirs = tempDirs()
afterAll(() => dirs.removeAll())

async function tarOf(entries: TarEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of tarStream(entries)) chunks.push(chunk)
  return Buffer.concat(chunks)
}

async function readAll(tar: Buffer, chunkSize: number) {
  const pieces = Array.from({ length: Math.ceil(tar.length / chunkSize) }, (_, i) =>
    tar.subarray(i * chunkSize, (i + 1) * chunkSize),
  )
  const read = new Map<string, Buffer>()
  await readTar(Readable.from(pieces), async ({ name }) => {
    const parts: Buffer[] = []
    return {
      write: (chunk) => void parts.push(Buffer.from(chunk)),
      end: async () => void read.set(name, Buffer.concat(parts)),
    }
  })
  return read
}

describe('the backup tar format', () => {
  it('reads back every entry, a long name included, whatever the stream’s chunk sizes', async () => {
    const tar = await tarOf(samples.map(({ name, data }) => ({ name, size: data.length, mtime, body: data })))
    for (const chunkSize of [1, 511, 4096, tar.length]) {
      const read = await readAll(tar, chunkSize)
      expect([...read.keys()]).toEqual(samples.map((sample) => sample.name))
      for (const sample of samples) expect(read.get(sample.name)!.equals(sample.data), sample.name).toBe(true)
    }
  })

  it('is a tar GNU tar unpacks, pax long name and gzip included', async () => {
    const dir = dirs.make('tar-test-')
    const archive = path.join(dir, 'a.tar.gz')
    const entries = samples.map(({ name, data }) => ({ name, size: data.length, mtime, body: data }))
    await pipeline(Readable.from(tarStream(entries)), createGzip(), createWriteStream(archive))
    const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).trim().split('\n')
    expect(listed).toEqual(samples.map((sample) => sample.name))
    mkdirSync(path.join(dir, 'out'))
    execFileSync('tar', ['-xzf', archive, '-C', path.join(dir, 'out')])
    expect(readFileSync(path.join(dir, 'out', longName)).equals(samples[3]!.data)).toBe(true)
  })

  it('reads a tar GNU tar wrote', async () => {
    const dir = dirs.make('tar-test-')
    mkdirSync(path.join(dir, 'in', 'files'), { recursive: true })
    const data = randomBytes(1234)
    writeFileSync(path.join(dir, 'in', 'files', 'one'), data)
    execFileSync('tar', [
      '--format=ustar',
      '-cf',
      path.join(dir, 'b.tar'),
      '-C',
      path.join(dir, 'in'),
      'files',
    ])
    const read = await readAll(readFileSync(path.join(dir, 'b.tar')), 1000)
    expect([...read.keys()]).toEqual(['files/one'])
    expect(read.get('files/one')!.equals(data)).toBe(true)
  })

  it('refuses an entry whose body is not the size its header says, and a cut-off stream', async () => {
    const wrong = { name: 'x', size: 10, mtime, body: Buffer.alloc(9) }
    await expect(tarOf([wrong])).rejects.toThrow('x changed size while it was archived')
    const tar = await tarOf([{ name: 'x', size: 2000, mtime, body: randomBytes(2000) }])
    await expect(readAll(tar.subarray(0, 1500), 100)).rejects.toThrow('ends in the middle of a file')
    const damaged = Buffer.from(tar)
    damaged[10] = damaged[10]! ^ 0xff
    await expect(readAll(damaged, 100)).rejects.toThrow('does not match its checksum')
  })
})
