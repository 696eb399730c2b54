// File storage (platform/storage): put and get throughput in MB/s for the disk adapter and for the
// S3 adapter against the fake S3 (s3rver on loopback, in its own process), 20 × 1 MB and 5 × 10 MB,
// medians. Baseline in the same run: a raw fs.writeFile of the same bytes, and the file read back
// through fs.createReadStream to its end (a get is its stream read to the end too; fs.readFile would
// measure the page faults of a fresh whole-file buffer, 40 ms per 10 MB on this VM, not the read).
// A second raw row writes with flush (fsync), as the disk adapter does, to show what durability
// costs apart from our own work (temp file, SHA-256, rename).
import { randomBytes } from 'node:crypto'
import { createReadStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createDiskStorage } from '#server/platform/storage/disk-storage.ts'
import { createS3Storage } from '#server/platform/storage/s3-storage.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { startFakeS3 } from '#test/fake-s3.ts'

const MB = 1024 * 1024
const SIZES = [
  { label: '1 MB', bytes: MB, count: 20 },
  { label: '10 MB', bytes: 10 * MB, count: 5 },
]

interface Side {
  name: string
  put(key: string, bytes: Buffer): Promise<unknown>
  get(key: string): Promise<number>
}

function rawSide(name: string, dir: string, flush: boolean): Side {
  return {
    name,
    put: (key, bytes) => writeFile(path.join(dir, key.replaceAll('/', '-')), bytes, { flush }),
    async get(key) {
      let length = 0
      for await (const chunk of createReadStream(path.join(dir, key.replaceAll('/', '-'))))
        length += chunk.length
      return length
    },
  }
}

function storageSide(name: string, storage: FileStorage): Side {
  return {
    name,
    put: (key, bytes) => storage.put(key, bytes, { contentType: 'application/octet-stream' }),
    async get(key) {
      let length = 0
      for await (const chunk of await storage.get(key)) length += (chunk as Buffer).length
      return length
    },
  }
}

function folder(dir: string, name: string): string {
  mkdirSync(path.join(dir, name))
  return path.join(dir, name)
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

/**
 * Median MB/s of each side's puts, then of its gets of what it put. The sides take turns, one
 * object each, so a noisy moment on this shared machine lands on all of them alike.
 */
async function measure(sides: Side[], size: (typeof SIZES)[number], bytes: Buffer, run: string) {
  const key = (i: number) => `bench/${run}/${size.bytes}/${i}`
  const putMs = sides.map(() => [] as number[])
  const getMs = sides.map(() => [] as number[])
  for (let i = 0; i < size.count; i++) {
    for (const [s, side] of sides.entries()) putMs[s]!.push(await timed(() => side.put(key(i), bytes)))
  }
  for (let i = 0; i < size.count; i++) {
    for (const [s, side] of sides.entries()) {
      getMs[s]!.push(
        await timed(async () => {
          if ((await side.get(key(i))) !== bytes.length) throw new Error(`${side.name}: short read`)
        }),
      )
    }
  }
  const mbs = (ms: number[]) => size.bytes / MB / (median(ms) / 1000)
  return sides.map((side, s) => ({ name: side.name, put: mbs(putMs[s]!), get: mbs(getMs[s]!) }))
}

export async function benchStorage(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-storage-'))
  const fake = await startFakeS3()
  try {
    const sides = [
      rawSide('raw fs', folder(dir, 'raw'), false),
      rawSide('raw fs + flush', folder(dir, 'raw-flush'), true),
      storageSide('disk', createDiskStorage(path.join(dir, 'files'))),
      storageSide('s3 (fake)', createS3Storage(fake)),
    ]
    console.log('storage: put and get, median MB/s, ×raw = ratio to raw fs.writeFile / fs.createReadStream')
    console.log(
      `  ${'size'.padEnd(6)} ${'backend'.padEnd(15)} ${'put MB/s'.padStart(9)} ${'×raw'.padStart(6)}  ${'get MB/s'.padStart(9)} ${'×raw'.padStart(6)}`,
    )
    for (const size of SIZES) {
      const bytes = randomBytes(size.bytes)
      // Untimed rounds first: first-use costs (folders, sockets, JIT) are not throughput.
      await measure(sides, { ...size, count: 2 }, bytes, 'warm')
      const results = await measure(sides, size, bytes, 'timed')
      const raw = results[0]!
      for (const result of results) {
        console.log(
          `  ${size.label.padEnd(6)} ${result.name.padEnd(15)} ${result.put.toFixed(0).padStart(9)} ${(result.put / raw.put).toFixed(2).padStart(6)}  ${result.get.toFixed(0).padStart(9)} ${(result.get / raw.get).toFixed(2).padStart(6)}`,
        )
      }
    }
  } finally {
    await fake.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
