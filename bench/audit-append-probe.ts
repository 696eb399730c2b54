// Where the chained audit append's time goes (issue #13, decision 011): a probe on raw
// node-postgres, each variant inside BEGIN; UPDATE; …; COMMIT, one of each in turn. What each adds
// to that transaction is printed. PROBE_DROP=index,… measures again without those indexes. Not part
// of npm run bench; run: PROBE_DATABASE_URL=postgres://…/<fresh db> npx tsx bench/audit-append-probe.ts
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { connectPostgres } from '#server/db/connect.ts'
import { contentHashV2, personalHash } from '#server/platform/audit-hash.ts'

const url = process.env.PROBE_DATABASE_URL!
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 5)
const PER_ROUND = Number(process.env.PROBE_RUNS ?? 300)
const database = connectPostgres(url)
await database.migrate()
await database.close()

const client = new pg.Client({ connectionString: url })
await client.connect()
const agencyId = randomUUID()
const actor = randomUUID()
await client.query(`CREATE TABLE IF NOT EXISTS probe_rows (id int PRIMARY KEY, n int)`)
await client.query(`INSERT INTO probe_rows VALUES (1, 0) ON CONFLICT DO NOTHING`)
await client.query(`INSERT INTO audit_chain_heads (chain, sequence, hash) VALUES ($1, 0, $2)`, [
  agencyId,
  '0'.repeat(64),
])

const APPEND = `
    WITH head AS (
      SELECT sequence, hash FROM audit_chain_heads WHERE chain = $1 FOR UPDATE
    ), appended AS (
      INSERT INTO audit_events (id, agency_id, actor_user_id, action, entity_type, entity_id, details,
        ip_address, user_agent, request_id, created_at, sequence, prev_hash, hash, content_hash)
      SELECT $2::uuid, $3::uuid, $4::uuid, $5, $6, $7, $8::jsonb, $9, $10, $11, $12::timestamptz,
        head.sequence + 1, head.hash, encode(sha256(convert_to(head.hash || $13, 'UTF8')), 'hex'), $14
      FROM head
      RETURNING sequence, hash
    )
    UPDATE audit_chain_heads SET sequence = appended.sequence, hash = appended.hash
    FROM appended WHERE chain = $1
    RETURNING audit_chain_heads.sequence`

// The append as migration 0014 has it: one function whose statements each connection plans once.
const FUNCTION_CALL = `SELECT audit_append($1, $2::uuid, $3::uuid, $4::uuid, $5, $6, $7, $8::jsonb, $9, $10, $11,
  $12::timestamptz, $13, $14)`

function appendValues(): unknown[] {
  const event = {
    id: randomUUID(),
    agencyId,
    actorUserId: actor,
    action: 'client.updated',
    entityType: 'client',
    entityId: randomUUID(),
    details: { fields: ['phone'] },
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
    requestId: randomUUID(),
    createdAt: new Date(),
  }
  const personal = personalHash(event)
  const digest = contentHashV2(event, personal)
  return [
    agencyId,
    event.id,
    event.agencyId,
    event.actorUserId,
    event.action,
    event.entityType,
    event.entityId,
    JSON.stringify(event.details),
    event.ipAddress,
    event.userAgent,
    event.requestId,
    event.createdAt.toISOString(),
    digest,
    personal,
  ]
}

let plainSeq = 0
const plainAgency = randomUUID()
const variants: Record<string, (() => Promise<unknown>) | null> = {
  base: null,
  'select 1': () => client.query('SELECT 1'),
  // The append before migration 0014: a three-part CTE, parsed and planned for every event.
  'CTE append (before 0014)': () => client.query(APPEND, appendValues()),
  'the same CTE, prepared once': () => client.query({ name: 'append', text: APPEND, values: appendValues() }),
  'audit_append (0014)': () => client.query(FUNCTION_CALL, appendValues()),
  'audit_append, prepared once': () =>
    client.query({ name: 'audit_append', text: FUNCTION_CALL, values: appendValues() }),
  'hashing only': async () => appendValues(),
  'plain insert': () =>
    client.query(
      `INSERT INTO audit_events (agency_id, actor_user_id, action, entity_type, entity_id, details, ip_address,
        user_agent, request_id, sequence, prev_hash, hash, content_hash)
      VALUES ($1, $2, 'bench.plain', 'client', $3, '{"fields":["phone"]}', '203.0.113.7', $4, $5, $6, 'p', 'p', 'p')`,
      [plainAgency, actor, randomUUID(), 'Mozilla/5.0 (Macintosh)', randomUUID(), ++plainSeq],
    ),
}

async function once(run: (() => Promise<unknown>) | null): Promise<number> {
  const started = performance.now()
  await client.query('BEGIN')
  await client.query('UPDATE probe_rows SET n = n + 1 WHERE id = 1')
  if (run) await run()
  await client.query('COMMIT')
  return performance.now() - started
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function measure(label: string): Promise<void> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]))
  // Interleaved one by one, so the shared machine's load falls on every variant alike.
  const entries = Object.entries(variants)
  for (let n = 0; n < (ROUNDS + 1) * PER_ROUND; n++) {
    for (const [name, run] of entries) {
      const t = await once(run)
      if (n >= PER_ROUND) times[name]!.push(t)
    }
  }
  const base = median(times.base!)
  console.log(`\n${label}: base transaction (BEGIN, UPDATE, COMMIT) ${base.toFixed(3)} ms`)
  for (const name of Object.keys(variants).slice(1)) {
    const m = median(times[name]!)
    console.log(`  + ${name}: ${(m - base).toFixed(3)} ms`)
  }
}

await measure('all nine indexes')
for (const drop of (process.env.PROBE_DROP ?? '').split(',').filter(Boolean)) {
  await client.query(`DROP INDEX ${drop}`)
  await measure(`without ${drop}`)
}
await client.end()
