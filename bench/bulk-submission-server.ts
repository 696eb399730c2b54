// Child process of the bulk submission bench (issue #5): the real app wired as src/server/main.ts
// wires it, with the job worker in the process (default poll and backoff) and a submit waking it,
// carrier endpoints on loopback allowed. Two agencies: one that sees 1,000 carriers writing auto
// in Texas (recommendations), one on Professional for the deliveries.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/connect.ts'
import { activatePlan } from '#server/features/agencies/agencies.service.ts'
import { parseAllowList } from '#server/features/carrier-delivery/ssrf.service.ts'
import { seedCarrierCatalogue } from '#server/features/carriers/carriers.service.ts'
import { createJobHandlers } from '#server/features/index.ts'
import { createFieldCipher } from '#server/platform/crypto.ts'
import { createJobRunner } from '#server/platform/jobs.ts'
import { createStorage } from '#server/platform/storage/create-storage.ts'
import { signUpBenchAgency } from './setup.ts'

const RECOMMENDED_CARRIERS = 1000
const ALLOW_LIST = '127.0.0.1'

const config = loadConfig({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-bulk-')),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  CARRIER_ENDPOINT_ALLOWLIST: ALLOW_LIST,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
})
const database = await openDatabase(config)
await database.migrate()
await seedCarrierCatalogue(database.db)
const db = database.db
const cipher = createFieldCipher(Buffer.alloc(32, 3))
const storage = createStorage(config)

// As in main.ts: the worker with its defaults (1 s poll, 5 s … backoff, 10 jobs a claim), woken by
// a submit; it logs through the app's logger.
let log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void } = console
const runner = createJobRunner({
  db,
  handlers: createJobHandlers(db, {
    cipher,
    storage,
    smtpUrl: undefined,
    mailFrom: config.MAIL_FROM,
    allowList: parseAllowList(ALLOW_LIST),
    log: { info: (obj, msg) => log.info(obj, msg) },
  }),
  log: { info: (obj, msg) => log.info(obj, msg), error: (obj, msg) => log.error(obj, msg) },
})
const app = await buildApp({
  config,
  db,
  sessionSecret: 'bench-session-secret-0123456789abcdef',
  cipher,
  storage,
  webRoot: null,
  jobs: runner,
})
log = app.log

async function signUp(label: string) {
  const { cookie, user } = await signUpBenchAgency(app, `bulk-${label}`)
  return { cookie, agencyId: user.agencyId }
}

// Recommendations: the agency's own carriers on top of the catalogue ones that write auto in TX,
// up to 1,000, with varied premiums, ratings, strengths and methods (a few without a value).
const recommending = await signUp('recommendations')
const visible = (await db.execute(sql`
  select count(*)::int as count from carriers
  where (agency_id is null or agency_id = ${recommending.agencyId}::uuid) and is_active
    and supported_types @> array['auto']::text[] and states @> array['TX']::text[]`)) as unknown as {
  rows: { count: number }[]
}
const catalogueMatches = visible.rows[0]!.count
await db.execute(sql`
  insert into carriers (agency_id, name, code, supported_types, avg_premium_cents, coverage_rating,
    consumer_confidence_score, financial_strength, submission_method, primary_state, states, contact_email)
  select ${recommending.agencyId}::uuid, 'Bench Mutual ' || i, 'BR' || i,
    case when i % 3 = 0 then array['auto'] else array['auto', 'property', 'life'] end,
    case when i % 17 = 0 then null else 4000 + (i * 7919) % 30000 end,
    case when i % 13 = 0 then null else 1 + i % 5 end,
    case when i % 11 = 0 then null else 2.5 + (i % 26) / 10.0 end,
    case when i % 19 = 0 then null else (array['A++','A+','A','A-','B++','B+','B'])[1 + i % 7] end,
    (array['api','email','pdf','manual'])[1 + i % 4],
    (array['CA','TX','FL','NY','PA'])[1 + i % 5],
    case when i % 4 = 0 then array['TX'] else array['CA','TX','FL','NY','PA','AZ','NM','OK'] end,
    'submissions-' || i || '@carrier.example'
  from generate_series(1, ${RECOMMENDED_CARRIERS - catalogueMatches}) i`)

// Deliveries: an agency on Professional (200 applications a month), so repeated runs fit its quota.
const delivering = await signUp('delivery')
await activatePlan(db, delivering.agencyId, {
  planCode: 'professional',
  billingPeriod: 'monthly',
  endsAt: new Date(Date.now() + 30 * 86_400_000),
})
if (database.kind === 'postgres') await db.execute(sql`vacuum analyze`)

// Control server: this process's CPU time, so that the bench can report the app's CPU per request
// or per delivery, a figure the machine's other load moves far less than the wall-clock times.
const control = Fastify({ logger: false })
control.get('/cpu', async () => {
  const { user, system } = process.cpuUsage()
  return { ms: (user + system) / 1000 }
})

const url = await app.listen({ port: 0, host: '127.0.0.1' })
const controlUrl = await control.listen({ port: 0, host: '127.0.0.1' })
runner.start()
console.log(
  JSON.stringify({
    url,
    controlUrl,
    database: database.kind,
    recommendationsCookie: recommending.cookie,
    deliveryCookie: delivering.cookie,
    catalogueMatches,
  }),
)
process.on('SIGTERM', async () => {
  await app.close()
  await control.close()
  await runner.stop()
  await database.close()
  process.exit(0)
})
