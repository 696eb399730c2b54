// Audit hash chain (issue #13, decision 011). The verify walk's rate over one agency's 1,000,000
// events on PostgreSQL (BENCH_DATABASE_URL; 100,000 on the embedded database, BENCH_AUDIT_EVENTS
// to change it): target ≥ 100,000 events/s. And the chained audit append's cost against a client
// update through the service in the same run: target under 10%. Figures only; nothing asserts.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db, Executor } from '#server/db/connect.ts'
import { toClientRow } from '#server/features/clients/client-mapping.ts'
import * as clientsRepository from '#server/features/clients/clients.repository.ts'
import { updateClient } from '#server/features/clients/clients.service.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { verifyAuditChain } from '#server/platform/audit-verify.ts'
import type { Ctx } from '#server/platform/context.ts'
import { createFieldCipher } from '#server/platform/crypto.ts'
import { ClientInputSchema } from '#shared/contracts/clients.contract.ts'
import { sampleClientData } from '#test/sample-client-data.ts'
import { fillAuditChain } from './audit-chain-fill.ts'
import { benchAuditHistory } from './audit-history.bench.ts'
import { startBenchApp } from './setup.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const PER_ROUND = Number(process.env.BENCH_AUDIT_RUNS ?? 200)
// The bench app's own cipher (bench/setup.ts).
const cipher = createFieldCipher(Buffer.alloc(32, 3))

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

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

let plainSequence = 0

/**
 * The audit insert as it was before the chain, for comparison: one row, no head row locked or
 * moved. Into a chain of its own (a made-up agency), so the bench agency's chain stays valid.
 */
async function plainInsert(tx: Executor, ctx: Ctx, clientId: string): Promise<void> {
  plainSequence += 1
  await tx.execute(sql`INSERT INTO audit_events (agency_id, actor_user_id, action, entity_type, entity_id,
    details, ip_address, user_agent, request_id, sequence, prev_hash, hash, content_hash)
    VALUES (${ctx.actor.agencyId}::uuid, ${ctx.actor.userId}::uuid, 'bench.plain', 'client', ${clientId},
      '{"fields":["phone"]}', ${ctx.ipAddress}, ${ctx.userAgent}, ${ctx.requestId}, ${plainSequence}, 'plain', 'plain',
      'plain')`)
}

async function benchAppendCost(db: Db, ctx: Ctx, plainAgencyCtx: Ctx): Promise<void> {
  const created = await db.transaction((tx) =>
    clientsRepository.insertClient(tx, {
      ...(toClientRow(ClientInputSchema.parse(sampleClientData()), cipher) as clientsRepository.NewClientRow),
      agencyId: ctx.actor.agencyId,
      createdByUserId: ctx.actor.userId,
    }),
  )
  const input = ClientInputSchema.parse(sampleClientData({ email: created.email, phone: '555-201-0000' }))
  const entry = { agencyId: ctx.actor.agencyId, actorUserId: ctx.actor.userId, action: 'client.updated' }
  const variants: Record<string, () => Promise<unknown>> = {
    // The service as it runs: update, chained audit append, application count, in one transaction.
    service: () => updateClient(db, cipher, ctx, created.id, input),
    // The same transaction without the audit append.
    withoutAudit: () =>
      db.transaction(async (tx) => {
        await clientsRepository.updateClient(tx, ctx.actor.agencyId, created.id, toClientRow(input, cipher))
        await clientsRepository.countApplicationsByClient(tx, ctx.actor.agencyId, [created.id])
      }),
    append: () =>
      db.transaction((tx) =>
        recordAudit(tx, ctx, {
          ...entry,
          entityType: 'client',
          entityId: created.id,
          details: { fields: ['phone'] },
        }),
      ),
    plain: () => db.transaction((tx) => plainInsert(tx, plainAgencyCtx, created.id)),
  }
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]))
  const entries = Object.entries(variants)
  // One of each variant in turn (not 200 of one, then 200 of the next): the shared machine's load
  // comes and goes in bursts, and interleaving lays each burst on every variant alike.
  for (let n = 0; n < (ROUNDS + 1) * PER_ROUND; n++) {
    for (const [name, run] of entries) {
      const started = performance.now()
      await run()
      // The first round's worth warms up.
      if (n >= PER_ROUND) times[name]!.push(performance.now() - started)
    }
  }
  const [service, withoutAudit, append, plain] = ['service', 'withoutAudit', 'append', 'plain'].map((name) =>
    median(times[name]!),
  ) as [number, number, number, number]
  const share = (service - withoutAudit) / service
  const ms = (value: number) => `${value.toFixed(3)} ms`
  console.log(`  client update through the service (median of ${ROUNDS}×${PER_ROUND}): ${ms(service)}`)
  console.log(`  the same transaction without the audit append: ${ms(withoutAudit)}`)
  console.log(
    `  audit append inside the update: ${ms(service - withoutAudit)} = ${(share * 100).toFixed(1)}% of the update (${share < 0.1 ? 'meets' : 'ABOVE'} target 10%)`,
  )
  console.log(
    `  append alone in its own transaction: ${ms(append)} (${((append / service) * 100).toFixed(1)}% of the update); the old unchained insert alone: ${ms(plain)}`,
  )
}

export async function benchAuditChain(): Promise<void> {
  const bench = await startBenchApp('audit')
  try {
    console.log(`\naudit chain: ${bench.database.kind}`)
    const ctx = (await bench.contextOf(bench.cookie))!
    const plainCtx: Ctx = { ...ctx, actor: { ...ctx.actor, agencyId: randomUUID() } }
    await benchAppendCost(bench.db, ctx, plainCtx)
    const check = await verifyAuditChain(bench.db, ctx.actor.agencyId)
    if (!check.ok) throw new Error(`the bench agency's chain broke: ${JSON.stringify(check)}`)
    await benchVerify(bench.db, bench.database.kind)
    await benchAuditHistory(bench.app, bench.db, bench.database.kind)
  } finally {
    await bench.app.close()
    await bench.database.close()
  }
}
