// Audit hash chain (issue #13, decision 011). The verify walk's rate over one agency's 1,000,000
// events on PostgreSQL (BENCH_DATABASE_URL; 100,000 on the embedded database, BENCH_AUDIT_EVENTS
// to change it): target ≥ 100,000 events/s. And the chained audit append's cost against a client
// update through the service in the same run: target under 10%. Figures only; nothing asserts.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'
import { verifyAuditChain } from '#server/platform/audit-verify.ts'
import type { Ctx } from '#server/platform/context.ts'
import { benchAppendCost } from './audit-append-cost.ts'
import { fillAuditChain } from './audit-chain-fill.ts'
import { benchAuditHistory } from './audit-history.bench.ts'
import { startBenchApp } from './setup.ts'

async function benchVerify(db: Db, kind: string): Promise<void> {
  const count = Number(process.env.BENCH_AUDIT_EVENTS ?? (kind === 'postgres' ? 1_000_000 : 100_000))
  const agencyId = randomUUID()
  const filling = performance.now()
  await fillAuditChain(db, agencyId, count)
  console.log(
    `  filled ${count.toLocaleString('en-US')} chained events in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
  )
  await db.execute(sql`ANALYZE audit_events`)
  for (let run = 1; run <= 2; run++) {
    const started = performance.now()
    const result = await verifyAuditChain(db, agencyId)
    const seconds = (performance.now() - started) / 1000
    if (!result.ok || result.events !== count) throw new Error(`verify: ${JSON.stringify(result)}`)
    const rate = count / seconds
    console.log(
      `  verify walk, run ${run}: ${count.toLocaleString('en-US')} events in ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en-US')} events/s (${kind !== 'postgres' ? 'the target is PostgreSQL’s:' : rate >= 100_000 ? 'meets' : 'BELOW'} target 100,000/s)`,
    )
  }
}

export async function benchAuditChain(): Promise<void> {
  const bench = await startBenchApp('audit')
  try {
    console.log(`\naudit chain: ${bench.database.kind}`)
    const ctx = (await bench.contextOf(bench.cookie))!
    const plainCtx: Ctx = { ...ctx, actor: { ...ctx.actor, agencyId: randomUUID() } }
    await benchAppendCost(bench.db, bench.database.kind, ctx, plainCtx)
    const check = await verifyAuditChain(bench.db, ctx.actor.agencyId)
    if (!check.ok) throw new Error(`the bench agency's chain broke: ${JSON.stringify(check)}`)
    await benchVerify(bench.db, bench.database.kind)
    await benchAuditHistory(bench.app, bench.db, bench.database.kind)
  } finally {
    await bench.app.close()
    await bench.database.close()
  }
}
