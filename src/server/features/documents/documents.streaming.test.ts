import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { storeDocument } from './documents.service.ts'

const FILES = 10
const SIZE = 10 * 1024 * 1024
const MAX_GROWTH = 30 * 1024 * 1024

let test: TestApp
let owner: SignedInUser
let base: string

beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
  await test.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`
})
afterAll(() => test.close())

/** SIZE bytes made a chunk at a time, so the test itself never holds a whole file. */
function generated(seed: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, seed)
  let left = SIZE
  return new Readable({
    read() {
      const size = Math.min(chunk.length, left)
      left -= size
      this.push(size > 0 ? chunk.subarray(0, size) : null)
    },
  })
}

function download(id: string): Promise<{ status: number; bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/documents/${id}/download`,
      { headers: { cookie: owner.cookie } },
      (res) => {
        const hash = createHash('sha256')
        let bytes = 0
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length
          hash.update(chunk)
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, sha256: hash.digest('hex') }))
        res.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}

it('streams downloads: ten 10 MB files at once grow peak RSS by less than 30 MB', async () => {
  const stored: { id: string; sha256: string }[] = []
  for (let seed = 1; seed <= FILES; seed++) {
    const id = await storeDocument(test.db, test.storage, {
      agencyId: owner.user.agencyId,
      kind: 'upload',
      filename: `large-${seed}.pdf`,
      contentType: 'application/pdf',
      content: generated(seed),
    })
    const hash = createHash('sha256')
    for await (const chunk of generated(seed)) hash.update(chunk as Buffer)
    stored.push({ id, sha256: hash.digest('hex') })
  }
  // Warm the route once, so the measure is of the downloads and not of first-call allocations.
  await download(stored[0]!.id)
  globalThis.gc?.()
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 5)
  const results = await Promise.all(stored.map((file) => download(file.id)))
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  for (const [index, result] of results.entries()) {
    expect(result).toEqual({ status: 200, bytes: SIZE, sha256: stored[index]!.sha256 })
  }
  expect(peak - baseline, `peak RSS grew by ${((peak - baseline) / 1048576).toFixed(1)} MB`).toBeLessThan(
    MAX_GROWTH,
  )
})
