// The daily license reminder job over 1,000,000 licenses across 1,000 agencies (PostgreSQL;
// 100,000 over 100 on the embedded database): under 30 s. Beside it, in the same run, the bare
// read of the licenses in the reminder window (the floor any run pays), and a second run the
// same day, which must send nothing.
import { sql } from 'drizzle-orm'
import { sendLicenseReminders } from '#server/features/onboarding/license-reminders.job.ts'
import { rowsOf } from '#server/platform/audit-chain.ts'
import { fillAgents, fillLicenses, fillWorkflows } from './onboarding-fill.ts'
import { startBenchApp } from './setup.ts'

const seconds = (since: number) => (performance.now() - since) / 1000

export async function benchLicenseReminders(): Promise<void> {
  const bench = await startBenchApp('reminders')
  const { app, db } = bench
  const postgres = bench.database.kind === 'postgres'
  const agencies = Number(process.env.BENCH_REMINDER_AGENCIES ?? (postgres ? 1_000 : 100))
  try {
    const filling = performance.now()
    const created = rowsOf<{ id: string }>(
      await db.execute(
        sql`INSERT INTO agencies (name) SELECT 'Bench agency ' || g FROM generate_series(1, ${agencies}) g RETURNING id`,
      ),
    ).map((row) => row.id)
    await db.execute(sql`
      INSERT INTO users (agency_id, email, first_name, last_name, role)
      SELECT a, 'admin-' || a || '@bench.example', 'Admin', 'Bench', 'agency_admin'
      FROM unnest(${`{${created.join(',')}}`}::uuid[]) AS a`)
    await fillWorkflows(db, created)
    await fillAgents(db, created, 100)
    await fillLicenses(db, 10)
    await db.execute(sql`ANALYZE agencies, users, onboarding_agents, agent_licenses`)
    const [{ licenses }] = rowsOf<{ licenses: number }>(
      await db.execute(sql`SELECT count(*)::int AS licenses FROM agent_licenses`),
    ) as [{ licenses: number }]
    console.log(
      `\nlicense reminders: ${licenses.toLocaleString('en-US')} licenses over ${agencies.toLocaleString('en-US')} agencies (${bench.database.kind}), filled in ${seconds(filling).toFixed(1)} s`,
    )
    const floor = performance.now()
    await db.execute(sql`SELECT count(*) FROM agent_licenses WHERE status = 'active'
      AND expiration_date BETWEEN current_date - 30 AND current_date + 90`)
    const floorSeconds = seconds(floor)
    const first = performance.now()
    const { sent } = await sendLicenseReminders(db)
    const firstSeconds = seconds(first)
    const verdict = postgres ? (firstSeconds < 30 ? 'meets' : 'ABOVE') : 'the target is PostgreSQL’s:'
    console.log(
      `  first run: ${sent.toLocaleString('en-US')} reminders (each an agent mail, in-app for those who joined, one digest per agency admin) in ${firstSeconds.toFixed(1)} s (${verdict} target 30 s); reading the window alone ${floorSeconds.toFixed(2)} s`,
    )
    const second = performance.now()
    const again = await sendLicenseReminders(db)
    console.log(`  second run the same day: ${again.sent} sent in ${seconds(second).toFixed(1)} s`)
  } finally {
    await app.close()
    await bench.database.close()
  }
}
