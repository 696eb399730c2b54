// Child process of the quotes bench: the app with one application sent to 20 carriers, each of
// which quoted it (six coverage lines apiece, every carrier's own estimate kept), issue #30.
import { sql } from 'drizzle-orm'
import { sampleClientData } from '#test/sample-client-data.ts'
import { startBenchApp } from './setup.ts'

const QUOTES = Number(process.env.BENCH_QUOTES ?? 20)
const { app, db, database, cookie, user } = await startBenchApp('quotes')
const headers = { origin: 'http://bench.local', host: 'bench.local', cookie }

const rows = (await db.execute(
  sql`select id from carriers where agency_id is null and 'auto' = any(supported_types) order by name limit ${QUOTES}`,
)) as unknown as { rows: { id: string }[] }
const carrierIds = rows.rows.map((row) => row.id)
if (carrierIds.length < QUOTES) throw new Error(`only ${carrierIds.length} catalogue carriers write auto`)

const created = await app.inject({
  method: 'POST',
  url: '/api/applications',
  headers,
  payload: {
    clientData: sampleClientData(),
    insuranceType: 'auto',
    bulkSubmissionType: 'specific_carriers',
    carrierId: carrierIds[0],
    secondaryCarrierId: carrierIds[1],
    applicationData: { autoData: { vehicleYear: 2022, vehicleMake: 'Honda', vehicleModel: 'Civic' } },
  },
})
if (created.statusCode !== 201) throw new Error(`application: ${created.statusCode} ${created.body}`)
const applicationId = (created.json() as { id: string }).id
/** The carriers' ids as one PostgreSQL array literal, a single parameter. */
const idArray = `{${carrierIds.join(',')}}`

// The wizard sends to two; the other carriers as bulk submission would have recorded them.
await db.execute(sql`
  insert into application_carriers (agency_id, application_id, carrier_id)
  select ${user.agencyId}::uuid, ${applicationId}::uuid, id from unnest(${idArray}::uuid[]) id
  on conflict do nothing`)
await db.execute(sql`
  insert into quotes (agency_id, application_id, carrier_id, status, source, premium_cents, estimated_premium_cents,
    term_months, effective_date, quote_number, expires_at, coverages)
  select ${user.agencyId}::uuid, ${applicationId}::uuid, c.id, 'offered', 'agent', 60000 + n * 1750, 130000,
    case when n % 3 = 0 then 6 else 12 end, current_date + 14, 'BQ-' || n, current_date + 30,
    jsonb_build_array(
      jsonb_build_object('label', 'Bodily injury', 'value', '100/300'),
      jsonb_build_object('label', 'Property damage', 'value', '$100,000'),
      jsonb_build_object('label', 'Collision deductible', 'value', '$' || (250 * (1 + n % 4))),
      jsonb_build_object('label', 'Comprehensive deductible', 'value', '$500'),
      jsonb_build_object('label', 'Uninsured motorist', 'value', '50/100'),
      jsonb_build_object('label', 'Rental car ' || (n % 3), 'value', '$30 a day'))
  from unnest(${idArray}::uuid[]) with ordinality as c(id, n)`)
await db.execute(sql`analyze`)

const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ appUrl, cookie, applicationId, quotes: QUOTES, database: database.kind }))
process.on('SIGTERM', async () => {
  await app.close()
  await database.close()
  process.exit(0)
})
