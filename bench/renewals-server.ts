// Child process of the renewals bench (issue #31): TOTAL policies over AGENCIES agencies, every one
// active with a current term, expirations spread evenly over the coming year, so about a third fall
// inside the 120-day horizon. It runs the daily pipeline job over all of them, timing the run and
// each batch's transaction, then serves the app and a bare route over the renewals it made. The
// measured agency has a tenth of the policies (100,000 on PostgreSQL: about 30,000 renewals).
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { enterDueRenewals } from '#server/features/renewals/enter-pipeline.job.ts'
import { listRenewals } from '#server/features/renewals/list-renewals.ts'
import { utcToday } from '#server/platform/calendar.ts'
import { seedBenchBook } from './book-seed.ts'
import { startBenchApp } from './setup.ts'

const onPostgres = Boolean(process.env.BENCH_DATABASE_URL)
const TOTAL = Number(process.env.BENCH_POLICIES ?? (onPostgres ? 1_000_000 : 100_000))
const AGENCIES = Number(process.env.BENCH_AGENCIES ?? (onPostgres ? 1000 : 100))
const { app, db, database, user, cookie, contextOf } = await startBenchApp('renewals')
const measured = user.agencyId

await seedBenchBook(db, {
  measured,
  producerUserId: user.id,
  total: TOTAL,
  agencies: AGENCIES,
  spreadDays: 365,
})
await db.execute(sql`
  insert into policy_terms (agency_id, policy_id, term_number, effective_date, expiration_date, written_premium_cents)
  select agency_id, id, 1, effective_date, expiration_date, written_premium_cents from policies`)
await db.execute(sql`vacuum analyze`)

/** The app's database with each transaction timed: the job must never hold one past a second. */
const batches: number[] = []
const timed = Object.create(db) as Db
timed.transaction = (async (run: Parameters<Db['transaction']>[0]) => {
  const started = performance.now()
  try {
    return await db.transaction(run)
  } finally {
    batches.push(performance.now() - started)
  }
}) as Db['transaction']

const started = performance.now()
const created = await enterDueRenewals(timed, utcToday())
const jobMs = performance.now() - started
const again = await enterDueRenewals(db, utcToday())
// A twentieth of the renewals carry an offer at +15%: at risk, so the list's first pages are theirs.
await db.execute(sql`
  update renewals set offer_premium_cents = expiring_premium_cents * 115 / 100, offer_term_months = 12,
    offer_effective_date = expiration_date, offer_received_at = now(), change_percent = 15, at_risk = true
  where ('x' || left(id::text, 2))::bit(8)::int % 20 = 0`)
await db.execute(sql`vacuum analyze`)
const count = async (where: ReturnType<typeof sql>) =>
  (
    (await db.execute(sql`select count(*)::int as count from renewals where ${where}`)) as unknown as {
      rows: { count: number }[]
    }
  ).rows[0]!.count

const bare = Fastify({ logger: false })
bare.get('/api/renewals', async (request, reply) => {
  const ctx = await contextOf(request.headers.cookie)
  const query = request.query as { stage?: 'upcoming'; dueBefore?: string }
  return ctx ? listRenewals(db, ctx, { ...query, limit: 50 }, utcToday()) : reply.status(401).send()
})

const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })
console.log(
  JSON.stringify({
    appUrl,
    bareUrl,
    cookie,
    database: database.kind,
    policies: TOTAL,
    agencies: AGENCIES,
    measuredRenewals: await count(sql`agency_id = ${measured}::uuid`),
    job: { created, again, ms: jobMs, batches: batches.length, longestBatchMs: Math.max(...batches) },
  }),
)
process.on('SIGTERM', async () => {
  await app.close()
  await bare.close()
  await database.close()
  process.exit(0)
})
