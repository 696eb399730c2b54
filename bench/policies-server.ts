// Child process of the policies bench: the app and a bare Fastify server over one database holding
// TOTAL policies over AGENCIES agencies; the measured agency has 100,000 (a tenth on PGlite).
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { listPolicies } from '#server/features/policies/list-policies.ts'
import { seedBenchBook } from './book-seed.ts'
import { startBenchApp } from './setup.ts'

const onPostgres = Boolean(process.env.BENCH_DATABASE_URL)
const TOTAL = Number(process.env.BENCH_POLICIES ?? (onPostgres ? 1_000_000 : 100_000))
const AGENCIES = Number(process.env.BENCH_AGENCIES ?? (onPostgres ? 1000 : 100))
const MEASURED = Math.floor(TOTAL / 10)
const { app, db, database, user, cookie, contextOf } = await startBenchApp('policies')
const measured = user.agencyId

// Terms started over the past year and a half, so a sixth expire within 60 days and a third are over.
await seedBenchBook(db, {
  measured,
  producerUserId: user.id,
  total: TOTAL,
  agencies: AGENCIES,
  spreadDays: 540,
})
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
