// Child process of the applications bench: the app and a bare Fastify server over one database
// holding APPLICATIONS applications spread over AGENCIES agencies; the measured agency has 20,000.
// The bare list runs the list's one query (applications-bare.ts), the bare stats the service.
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { getDashboardStats } from '#server/features/dashboard/dashboard.service.ts'
import { findBareApplicationsPage } from './applications-bare.ts'
import { startBenchApp } from './setup.ts'

const onPostgres = Boolean(process.env.BENCH_DATABASE_URL)
const TOTAL = Number(process.env.BENCH_APPLICATIONS ?? (onPostgres ? 1_000_000 : 100_000))
const AGENCIES = Number(process.env.BENCH_AGENCIES ?? (onPostgres ? 1000 : 100))
const MEASURED = 20_000
const { app, db, database, user, cookie, contextOf } = await startBenchApp('applications')
const measured = user.agencyId

// Other agencies, 50 clients each (200 for the measured one), then the applications: the measured
// agency gets 20,000, the rest share the remainder. Carriers come from the catalogue.
await db.execute(
  sql`insert into agencies (name) select 'Bench agency ' || i from generate_series(1, ${AGENCIES - 1}) i`,
)
await db.execute(sql`
  insert into clients (agency_id, first_name, last_name, email, phone, created_at)
  select a.id, 'Client', 'N' || c, 'c' || c || '-' || left(a.id::text, 8) || '@bench.example', '5550000000',
    now() - make_interval(days => c % 90)
  from agencies a, generate_series(1, case when a.id = ${measured}::uuid then 200 else 50 end) c
  where a.id = ${measured}::uuid or a.name like 'Bench agency %'`)
await db.execute(sql`
  with carrier_ids as (select array_agg(id) ids from carriers where agency_id is null),
  per_agency as (
    select a.id agency_id, case when a.id = ${measured}::uuid then ${MEASURED}::int
      else ${Math.floor((TOTAL - MEASURED) / (AGENCIES - 1))}::int end as n,
      (select array_agg(id) from clients where agency_id = a.id) client_ids
    from agencies a where a.id = ${measured}::uuid or a.name like 'Bench agency %')
  insert into applications (agency_id, client_id, insurance_type, status, submission_type, carrier_id, created_at)
  select p.agency_id, p.client_ids[1 + i % array_length(p.client_ids, 1)],
    (array['auto','property','life','commercial','healthcare'])[1 + i % 5],
    (array['draft','pending','review','approved','rejected','pending','approved'])[1 + i % 7],
    'specific_carriers', (select ids[1 + i % array_length(ids, 1)] from carrier_ids),
    now() - make_interval(mins => i * 7)
  from per_agency p, generate_series(1, p.n) i`)
await db.execute(sql`
  insert into carrier_submissions (agency_id, record_type, record_id, carrier_id)
  select agency_id, 'application', id, carrier_id from applications where carrier_id is not null`)
// What sending writes on the applications' side: the carriers each went to (the list counts them).
await db.execute(sql`
  insert into application_carriers (agency_id, application_id, carrier_id)
  select agency_id, id, carrier_id from applications where carrier_id is not null`)
// The steady state autovacuum keeps: statistics and the visibility map (index-only scans).
await db.execute(sql`vacuum analyze`)
const counted = (await db.execute(sql`select count(*)::int as count from applications`)) as unknown as {
  rows: { count: number }[]
}
const count = counted.rows[0]!.count

const bare = Fastify({ logger: false })
bare.get('/api/dashboard/stats', async (request, reply) => {
  const ctx = await contextOf(request.headers.cookie)
  return ctx ? getDashboardStats(db, ctx) : reply.status(401).send()
})
// The list's bare cost is its one query, not the service under test: a list that grows more
// queries then shows in the ratio.
bare.get('/api/applications', async (request, reply) => {
  const ctx = await contextOf(request.headers.cookie)
  return ctx ? findBareApplicationsPage(db, ctx.actor.agencyId, 50) : reply.status(401).send()
})

const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })
console.log(
  JSON.stringify({
    appUrl,
    bareUrl,
    cookie,
    database: database.kind,
    applications: count,
    agencies: AGENCIES,
  }),
)
process.on('SIGTERM', async () => {
  await app.close()
  await bare.close()
  await database.close()
  process.exit(0)
})
