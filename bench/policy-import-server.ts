// Child process of the book import bench: the real app, listening, and beside it a control server
// that writes the same rows with plain COPY (clients, policies, their terms and new-business
// transactions: what the import stores) and reports this process's memory peaks.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { PGlite } from '@electric-sql/pglite'
import Fastify from 'fastify'
import type pg from 'pg'
import { startBenchApp } from './setup.ts'

const require = createRequire(import.meta.url)
const { from: copyFrom } = require('pg-copy-streams') as { from: (sql: string) => Writable & pg.Submittable }
const { app, database } = await startBenchApp('policy-import')

let peak = 0
let baseline = process.memoryUsage().rss
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 10).unref()

/** The bench's CSV (plain values) as COPY text for the four tables, ids made here. */
function copyTables(file: string, agencyId: string, userId: string, carrierId: string) {
  const tables = { clients: '', policies: '', terms: '', transactions: '' }
  const lines = readFileSync(file, 'utf8').split('\r\n').slice(1)
  for (const line of lines) {
    if (!line) continue
    const [number, , line_, first, last, email, zip, effective, expiration, premium] = line.split(',')
    const [client, policy, term] = [randomUUID(), randomUUID(), randomUUID()]
    const cents = Math.round(Number(premium) * 100)
    tables.clients += `${client},${agencyId},${userId},${first},${last},${email},${zip}\n`
    tables.policies += `${policy},${agencyId},${client},${carrierId},${line_},${number},${number!.toUpperCase()},${first} ${last},${userId},active,imported,${effective},${expiration},${cents}\n`
    tables.terms += `${term},${agencyId},${policy},1,${effective},${expiration},${cents}\n`
    tables.transactions += `${agencyId},${policy},${term},new_business,${effective},${cents},${userId}\n`
  }
  return tables
}

const STATEMENTS = {
  clients:
    'COPY clients (id, agency_id, created_by_user_id, first_name, last_name, email, zip_code) FROM STDIN WITH (FORMAT csv)',
  policies:
    'COPY policies (id, agency_id, client_id, carrier_id, line_of_business, policy_number, policy_number_key, insured_name, producer_user_id, status, source, effective_date, expiration_date, written_premium_cents) FROM STDIN WITH (FORMAT csv)',
  terms:
    'COPY policy_terms (id, agency_id, policy_id, term_number, effective_date, expiration_date, written_premium_cents) FROM STDIN WITH (FORMAT csv)',
  transactions:
    'COPY policy_transactions (agency_id, policy_id, term_id, kind, effective_date, premium_change_cents, created_by_user_id) FROM STDIN WITH (FORMAT csv)',
}

async function copy(file: string, agencyId: string, userId: string, carrierId: string): Promise<number> {
  const started = performance.now()
  const tables = copyTables(file, agencyId, userId, carrierId)
  for (const name of ['clients', 'policies', 'terms', 'transactions'] as const) {
    if (database.kind === 'pglite') {
      const client = (database.db as unknown as { $client: PGlite }).$client
      await client.query(STATEMENTS[name].replace('STDIN', "'/dev/blob'"), [], {
        blob: new Blob([tables[name]]),
      })
    } else {
      const pool = (database.db as unknown as { $client: pg.Pool }).$client
      const client = await pool.connect()
      try {
        await pipeline(Readable.from([tables[name]]), client.query(copyFrom(STATEMENTS[name])))
      } finally {
        client.release()
      }
    }
  }
  return performance.now() - started
}

const control = Fastify({ logger: false })
control.post('/mark', async () => {
  baseline = process.memoryUsage().rss
  peak = baseline
  return { marked: true }
})
control.get('/peak', async () => ({ rss: peak - baseline, heap: 0 }))
control.post<{ Body: { file: string; agencyId: string; userId: string; carrierId: string } }>(
  '/copy',
  async ({ body }) => ({ ms: await copy(body.file, body.agencyId, body.userId, body.carrierId) }),
)

const url = await app.listen({ port: 0, host: '127.0.0.1' })
const controlUrl = await control.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ url, controlUrl, database: database.kind }))
process.on('SIGTERM', async () => {
  await app.close()
  await control.close()
  await database.close()
  process.exit(0)
})
