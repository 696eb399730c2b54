import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'

export interface FakeS3 {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  close(): Promise<void>
}

const BUCKET = 'agency-files'
// s3rver's one built-in account.
const ACCESS_KEY = 'S3RVER'

/**
 * s3rver on loopback, in its own process for two reasons: it signs ListObjectsV2 continuation
 * tokens with DES, which OpenSSL 3 offers only through the legacy provider (a process-wide
 * start-up flag), and its work stays off the event loop of the test or benchmark measuring us.
 * The child ends when its stdin closes, so it never outlives a test process that dies.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fake-s3-'))
  const s3rver = createRequire(import.meta.url).resolve('s3rver')
  const program = `
    const S3rver = require(${JSON.stringify(s3rver)})
    const server = new S3rver({
      address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)},
      configureBuckets: [{ name: ${JSON.stringify(BUCKET)} }],
    })
    server.run().then(({ port }) => console.log(JSON.stringify({ port })))
    process.stdin.on('end', () => process.exit(0)).resume()
  `
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', program], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = once(child, 'exit')
  const lines = createInterface({ input: child.stdout })
  const firstLine = once(lines, 'line') as Promise<[string]>
  const started = await Promise.race([firstLine, exited.then(() => null)])
  if (!started) {
    rmSync(directory, { recursive: true, force: true })
    throw new Error(`fake S3 exited before listening (code ${child.exitCode})`)
  }
  const { port } = JSON.parse(started[0]) as { port: number }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    async close() {
      child.stdin.end()
      await exited
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
