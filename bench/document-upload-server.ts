// Child process of the document upload bench: the real app on disk storage, listening, and beside it
// a small control server that reports this process's memory peaks (the server's alone, not the
// bench client's, which makes the uploads).
import v8 from 'node:v8'
import vm from 'node:vm'
import multipart from '@fastify/multipart'
import Fastify from 'fastify'
import { AppError } from '#server/platform/app-error.ts'
import { receiveFilePart } from '#server/platform/uploads.ts'
import { startBenchApp } from './setup.ts'

v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

const { app, database, cookie } = await startBenchApp('documents')

// Peaks since the last mark, sampled every 5 ms; a mark collects garbage first so that each run
// starts from the same floor.
// Beside them, the highest RSS since start-up: a mark's floor already holds what earlier runs grew.
let baseline = process.memoryUsage()
let peak = { rss: baseline.rss, heap: baseline.heapUsed }
const startRss = baseline.rss
let peakEver = startRss
setInterval(() => {
  const now = process.memoryUsage()
  peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed) }
  peakEver = Math.max(peakEver, now.rss)
}, 5).unref()

const control = Fastify({ logger: false })
control.post('/mark', async () => {
  collectGarbage()
  baseline = process.memoryUsage()
  peak = { rss: baseline.rss, heap: baseline.heapUsed }
  return { marked: true }
})
// The baseline: the same form over the same HTTP and multipart parser, its file read to the end and
// dropped (no session, no type check, no storage, no row).
await control.register(multipart, { limits: { fileSize: 10 * 1024 * 1024 + 64 * 1024, files: 1 } })
control.post('/drain', async (request) => {
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', { message: 'too large' })
  const file = await receiveFilePart(request, { field: 'file', noFile: 'no file', tooLarge })
  let size = 0
  for await (const chunk of file.stream) size += (chunk as Buffer).length
  return { fileSize: size }
})
control.get('/peak', async () => ({
  rss: peak.rss - baseline.rss,
  heap: peak.heap - baseline.heapUsed,
  sinceStart: peakEver - startRss,
}))

const url = await app.listen({ port: 0, host: '127.0.0.1' })
const controlUrl = await control.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ url, controlUrl, cookie, database: database.kind }))
process.on('SIGTERM', async () => {
  await app.close()
  await control.close()
  await database.close()
  process.exit(0)
})
