// Child process of the policies bench: the app and a bare Fastify server over one database holding
// TOTAL policies over AGENCIES agencies; the measured agency has 100,000 (a tenth on PGlite).
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { listPolicies } from '#server/features/policies/list-policies.ts'
import { startBenchApp } from './setup.ts'

const onPostgres = Boolean(process.env.BENCH_DATABASE_URL)
const TOTAL = Number(process.env.BENCH_POLICIES ?? (onPostgres ? 1_000_000 : 100_000))
const AGENCIES = Number(process.env.BENCH_AGENCIES ?? (onPostgres ? 1000 : 100))
const MEASURED = Math.floor(TOTAL / 10)
const { app, db, database, user, cookie, contextOf } = await startBenchApp('policies')
const measured = user.agencyId

await db.execute(
  sql`insert into agencies (name) select 'Bench agency ' || i from generate_series(1, ${AGENCIES - 1}) i`,
)
await db.execute(sql`
  insert into clients (agency_id, first_name, last_name, email, phone)
  select a.id, 'Client', 'N' || c, 'c' || c || '-' || left(a.id::text, 8) || '@bench.example', '5550000000'
  from agencies a, generate_series(1, case when a.id = ${measured}::uuid then 2000 else 50 end) c
  where a.id = ${measured}::uuid or a.name like 'Bench agency %'`)
// Terms started over the past year and a half, so a sixth expire within 60 days and a third are over.
await db.execute(sql`
  with carrier_ids as (select array_agg(id) ids from carriers where agency_id is null),
  per_agency as (
    select a.id agency_id, case when a.id = ${measured}::uuid then ${MEASURED}::int
      else ${Math.floor((TOTAL - MEASURED) / (AGENCIES - 1))}::int end as n,
      (select array_agg(id) from clients where agency_id = a.id) client_ids
    from agencies a where a.id = ${measured}::uuid or a.name like 'Bench agency %'),
  rows as (
    select p.agency_id, p.client_ids[1 + i % array_length(p.client_ids, 1)] client_id,
      (select ids[1 + i % array_length(ids, 1)] from carrier_ids) carrier_id, i,
      current_date - (i % 540) effective
    from per_agency p, generate_series(1, p.n) i)
  insert into policies (agency_id, client_id, carrier_id, line_of_business, policy_number, policy_number_key,
    insured_name, producer_user_id, status, source, effective_date, expiration_date, written_premium_cents)
  select agency_id, client_id, carrier_id, (array['auto','property','life','commercial','healthcare'])[1 + i % 5],
    'BP-' || i, 'BP-' || i, 'Client N' || (i % 2000), ${user.id}::uuid,
    case when effective + 365 <= current_date then 'expired' else 'active' end, 'imported',
    effective, effective + 365, 50000 + (i % 400000)
  from rows`)
await db.execute(sql`vacuum analyze`)
const counted = (await db.execute(sql`select count(*)::int as count from policies`)) as unknown as {
  rows: { count: number }[]
}

const bare = Fastify({ logger: false })
bare.get('/api/policies', async (request, reply) => {
  const ctx = await contextOf(request.headers.cookie)
  const query = request.query as { expiringWithinDays?: string }
  const expiring = query.expiringWithinDays ? { expiringWithinDays: Number(query.expiringWithinDays) } : {}
  return ctx
    ? listPolicies(db, ctx, { sort: 'expiration', limit: 50, ...expiring })
    : reply.status(401).send()
})

const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })
console.log(
  JSON.stringify({
    appUrl,
    bareUrl,
    cookie,
    database: database.kind,
    policies: counted.rows[0]!.count,
    measured: MEASURED,
    agencies: AGENCIES,
  }),
)
process.on('SIGTERM', async () => {
  await app.close()
  await bare.close()
  await database.close()
  process.exit(0)
})
