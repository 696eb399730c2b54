// Child process of the client search bench: the real app over an agency with 100,000 clients.
import { sql } from 'drizzle-orm'
import { startBenchApp } from './setup.ts'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000)
const { app, database, cookie, user } = await startBenchApp('search')
const agencyId = user.agencyId

// Realistic spread: 'smi' hits Smith, Smithers, Goldsmith, Smiley and Esmi... (a few percent of rows).
await database.db.execute(sql`
  insert into clients (agency_id, first_name, last_name, email, phone, city, state, created_at)
  select ${agencyId}::uuid,
    (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','William',
      'Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Esmi','Carlos','Aisha','Mei','Omar','Priya'])[1 + i % 24],
    (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez',
      'Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee','Perez','Thompson',
      'White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Allen','King','Wright',
      'Scott','Torres','Nguyen','Hill','Flores','Green','Adams','Nelson','Baker','Hall','Rivera','Campbell',
      'Mitchell','Carter','Roberts','Goldsmith','Smithers','Smiley','Okafor','Tanaka','Rossi','Kowalski','Haddad',
      'Nair','Moreau'])[1 + (i * 7) % 60],
    'client' || i || '@bench.example',
    '555' || lpad((i % 10000000)::text, 7, '0'),
    'City ' || (i % 500), 'CA',
    now() - make_interval(secs => i)
  from generate_series(1, ${CLIENTS}) as s(i)`)
await database.db.execute(sql`analyze clients`)
const plan = await database.db.execute(sql`explain select id from clients where agency_id = ${agencyId}::uuid
  and search_text like '%smi%' order by created_at desc, id desc limit 51`)
const planLines = (plan as unknown as { rows: Record<string, string>[] }).rows.map(
  (row) => Object.values(row)[0],
)

const url = await app.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ url, cookie, clients: CLIENTS, database: database.kind, plan: planLines }))
process.on('SIGTERM', async () => {
  await app.close()
  await database.close()
  process.exit(0)
})
