// Child process of the owner bench: the real app over a platform of BENCH_OWNER_AGENCIES agencies
// (10,000), BENCH_OWNER_USERS users (50,000), BENCH_OWNER_APPLICATIONS applications (1,000,000)
// and BENCH_OWNER_PAGE_VIEWS page views (5,000,000); BENCH_OWNER_SCALE (default 1) multiplies all
// four, e.g. 0.1 for a quick run. Rows are written by SQL as the features would leave them.
import { sql } from 'drizzle-orm'
import { setUserRole } from '#server/features/auth/auth.service.ts'
import { refreshOwnerRollups } from '#server/features/reporting/refresh-owner-rollups.ts'
import { startBenchApp } from './setup.ts'

const scale = Number(process.env.BENCH_OWNER_SCALE ?? 1)
const size = (name: string, full: number) =>
  Math.max(10, Math.round(Number(process.env[name] ?? full) * scale))
const AGENCIES = size('BENCH_OWNER_AGENCIES', 10_000)
const USERS = size('BENCH_OWNER_USERS', 50_000)
const APPLICATIONS = size('BENCH_OWNER_APPLICATIONS', 1_000_000)
const PAGE_VIEWS = size('BENCH_OWNER_PAGE_VIEWS', 5_000_000)

const { app, db, database, user } = await startBenchApp('owner')
const timings: Record<string, number> = {}
// BENCH_OWNER_REUSE=1 on a database an earlier run filled (5,000,000 page views take minutes).
const reuse =
  process.env.BENCH_OWNER_REUSE === '1' &&
  Number(
    (
      (await db.execute(
        sql`select count(*)::int as n from agencies where name like 'Bench agency %'`,
      )) as unknown as {
        rows: { n: number }[]
      }
    ).rows[0]?.n,
  ) >= AGENCIES
async function step(name: string, statement: string) {
  if (reuse && name !== 'analyze') return
  const started = Date.now()
  await db.execute(sql.raw(statement))
  timings[name] = (timings[name] ?? 0) + Date.now() - started
}
const agencyOf = (expr: string) => `md5('agency' || (${expr}))::uuid`

await step(
  'agencies',
  `insert into agencies (id, name, plan_code, billing_period, subscription_status, trial_ends_at, created_at)
   select ${agencyOf('i')}, 'Bench agency ' || i,
     (array['free','free','starter','professional','enterprise','starter','executive','free'])[1 + i % 8],
     case when i % 8 in (0, 1, 7) then null when i % 3 = 0 then 'yearly' else 'monthly' end,
     case when i % 17 = 0 then 'past_due' else 'active' end,
     case when i % 11 = 0 then now() - make_interval(days => i % 200) end,
     now() - make_interval(days => 400 - i % 400)
   from generate_series(0, ${AGENCIES - 1}) as s(i)`,
)
await step(
  'users',
  `insert into users (id, agency_id, email, first_name, last_name, role, created_at)
   select md5('user' || j)::uuid, ${agencyOf(`j % ${AGENCIES}`)}, 'u' || j || '@owner-bench.example',
     'User', 'No ' || j, case when j < ${AGENCIES} then 'agency_admin' else 'agent' end,
     now() - make_interval(days => 365 - j % 365, secs => j % 86400)
   from generate_series(0, ${USERS - 1}) as s(j)`,
)
await step(
  'clients',
  `insert into clients (id, agency_id, first_name, last_name)
   select md5('client' || i)::uuid, ${agencyOf('i')}, 'Client', 'No ' || i
   from generate_series(0, ${AGENCIES - 1}) as s(i)`,
)
// Applications in chunks of 250,000 rows: one statement of millions holds a lot of memory.
for (let from = 0; from < APPLICATIONS; from += 250_000) {
  const to = Math.min(APPLICATIONS, from + 250_000) - 1
  await step(
    'applications',
    `insert into applications (agency_id, client_id, created_by_user_id, insurance_type, status, created_at)
     select ${agencyOf(`(k % ${USERS}) % ${AGENCIES}`)}, md5('client' || ((k % ${USERS}) % ${AGENCIES}))::uuid,
       md5('user' || (k % ${USERS}))::uuid, 'auto', 'submitted', now() - make_interval(secs => k * 20)
     from generate_series(${from}, ${to}) as s(k)`,
  )
}
await step(
  'carrier submissions',
  `insert into carrier_submissions (agency_id, record_type, record_id, carrier_id, status, created_at)
   select ${agencyOf(`(k % ${USERS}) % ${AGENCIES}`)}, 'application', md5('app' || k)::uuid,
     c.ids[1 + k % cardinality(c.ids)],
     (array['sent','approved','declined','failed','acknowledged','queued','under_review','sent'])[1 + k % 8],
     now() - make_interval(secs => k * 60)
   from generate_series(0, ${Math.round(APPLICATIONS / 4) - 1}) as s(k),
     (select array_agg(id order by name) as ids from carriers where agency_id is null) c`,
)
for (let from = 0; from < PAGE_VIEWS; from += 500_000) {
  const to = Math.min(PAGE_VIEWS, from + 500_000) - 1
  await step(
    'page views',
    `insert into page_views (agency_id, user_id, path, device, viewed_at)
     select ${agencyOf(`(k % ${USERS}) % ${AGENCIES}`)}, md5('user' || (k % ${USERS}))::uuid,
       (array['/','/clients','/applications','/carriers','/appointments'])[1 + k % 5],
       case when k % 3 = 0 then 'mobile' else 'desktop' end,
       now() - make_interval(secs => ((k::bigint * 7919) % (120 * 86400))::float8)
     from generate_series(${from}, ${to}) as s(k)`,
  )
}
await step(
  'user activity',
  `insert into user_activity (agency_id, user_id, first_active_at, last_active_at)
   select agency_id, user_id, min(viewed_at), max(viewed_at) from page_views group by agency_id, user_id`,
)
// Paying agencies: a start, for some an upgrade, for some a cancellation; and their receipts.
await step(
  'subscription events',
  `insert into subscription_events (agency_id, event_type, from_plan_code, to_plan_code, billing_period,
     amount_cents, provider, occurred_at, effective_at)
   select a.id, e.kind, e.from_plan, e.to_plan, coalesce(a.billing_period, 'monthly'), e.amount, 'test', e.at, e.at
   from agencies a
   cross join lateral (values
     ('started', 'free', case when a.plan_code = 'free' then 'starter' else a.plan_code end, 2999,
       a.created_at + interval '3 days'),
     ('cancelled', a.plan_code, 'free', 2999, case when a.plan_code = 'free' then a.created_at + interval '40 days' end)
   ) as e(kind, from_plan, to_plan, amount, at)
   where a.id <> '${user.agencyId}' and e.at is not null and (a.plan_code <> 'free' or random() < 0.5)`,
)
await step(
  'invoices',
  `insert into billing_invoices (agency_id, provider, number, description, amount_cents, status, created_at, paid_at)
   select a.id, 'test', 'BENCH-' || n, 'Bench receipt', 4999, case when n = 3 then 'open' else 'paid' end,
     a.created_at + make_interval(days => n * 30), a.created_at + make_interval(days => n * 30)
   from agencies a, generate_series(1, 3) as s(n) where a.plan_code <> 'free'`,
)
await step('analyze', 'analyze')

await setUserRole(db, user.email, 'platform_owner')
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  headers: { origin: 'http://bench.local', host: 'bench.local' },
  payload: { email: user.email, password: 'bench password' },
})
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`)
const cookie = login.headers['set-cookie']!.toString().split(';')[0]!

const rolled = Date.now()
await refreshOwnerRollups(db)
timings['rollup (jobs worker)'] = Date.now() - rolled

const url = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(
  JSON.stringify({
    url,
    cookie,
    database: database.kind,
    size: { agencies: AGENCIES, users: USERS, applications: APPLICATIONS, pageViews: PAGE_VIEWS },
    timings,
  }),
)
process.on('SIGTERM', async () => {
  await app.close()
  await database.close()
  process.exit(0)
})
