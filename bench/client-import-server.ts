// Child process of the client import bench: the real app, listening, and beside it a small control
// server for what an HTTP import cannot measure itself: this process's memory peaks (the server's
// alone, not the bench client's) and a plain COPY of the same rows into the same table.
import { createReadStream } from 'node:fs'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import v8 from 'node:v8'
import vm from 'node:vm'
import type { PGlite } from '@electric-sql/pglite'
import Fastify from 'fastify'
import type pg from 'pg'
import { startBenchApp } from './setup.ts'

const require = createRequire(import.meta.url)
const { from: copyFrom } = require('pg-copy-streams') as { from: (sql: string) => Writable & pg.Submittable }
v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

const { app, database } = await startBenchApp('import')

// Peaks since the last mark, sampled every 10 ms; a mark collects garbage first so that each run
// starts from the same floor.
let baseline = process.memoryUsage()
let peak = { rss: baseline.rss, heap: baseline.heapUsed }
setInterval(() => {
  const now = process.memoryUsage()
  peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed) }
}, 10).unref()

const COPY_COLUMNS =
  'agency_id, created_by_user_id, first_name, last_name, email, phone, date_of_birth, address, city, state, zip_code, insurance_type, notes'

/** The bench's CSV (plain values, no quoting) as COPY rows of one agency, emails lower-cased as the import does. */
async function* copyRows(file: string, agencyId: string, userId: string): AsyncGenerator<string> {
  let header = true
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    if (header || !line) {
      header = false
      continue
    }
    const [first, last, email, phone, ...rest] = line.split(',')
    const optional = rest.length === 7 ? rest : ['', '', rest[0], rest[1], rest[2], '', '']
    yield `${[agencyId, userId, first, last, email!.toLowerCase(), phone, ...optional].join(',')}\n`
  }
}

async function copy(file: string, agencyId: string, userId: string): Promise<number> {
  const started = performance.now()
  const statement = `COPY clients (${COPY_COLUMNS}) FROM STDIN WITH (FORMAT csv)`
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client
    let text = ''
    for await (const row of copyRows(file, agencyId, userId)) text += row
    await client.query(statement.replace('STDIN', "'/dev/blob'"), [], { blob: new Blob([text]) })
  } else {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client
    const client = await pool.connect()
    try {
      await pipeline(Readable.from(copyRows(file, agencyId, userId)), client.query(copyFrom(statement)))
    } finally {
      client.release()
    }
  }
  return performance.now() - started
}

const control = Fastify({ logger: false })
control.post('/mark', async () => {
  collectGarbage()
  baseline = process.memoryUsage()
  peak = { rss: baseline.rss, heap: baseline.heapUsed }
  return { marked: true }
})
control.get('/peak', async () => ({ rss: peak.rss - baseline.rss, heap: peak.heap - baseline.heapUsed }))
control.post<{ Body: { file: string; agencyId: string; userId: string } }>('/copy', async ({ body }) => ({
  ms: await copy(body.file, body.agencyId, body.userId),
}))

const url = await app.listen({ port: 0, host: '127.0.0.1' })
const controlUrl = await control.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ url, controlUrl, database: database.kind }))
process.on('SIGTERM', async () => {
  await app.close()
  await control.close()
  await database.close()
  process.exit(0)
})
