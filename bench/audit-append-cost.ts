// The chained audit append's cost against a client update through the service, same run
// (issue #13, decision 011): target under 10%. Beside it, in the same interleaved run, what bounds
// it: an empty round trip, the append folded into the update's own statement, and the append as it
// was before migration 0014. Wall time on a shared machine swings with its load; the CPU time of
// this process and of the database's server processes (cpu-meter.ts) is printed too.
import { randomUUID } from 'node:crypto'
import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Db, Executor } from '#server/db/connect.ts'
import { clientApplications } from '#server/features/applications/applications.service.ts'
import { toClientRow } from '#server/features/clients/client-mapping.service.ts'
import * as clientsRepository from '#server/features/clients/clients.repository.ts'
import { updateClient } from '#server/features/clients/clients.service.ts'
import { clients } from '#server/features/clients/clients.table.ts'
import { auditEventOf, recordAudit } from '#server/platform/audit.ts'
import { auditAppendCall } from '#server/platform/audit-chain.ts'
import { chainKey, contentHashV2, normaliseDetails, personalHash } from '#server/platform/audit-hash.ts'
import type { Ctx } from '#server/platform/context.ts'
import { createFieldCipher } from '#server/platform/crypto.ts'
import { ClientInputSchema } from '#shared/contracts/clients.contract.ts'
import { sampleClientData } from '#test/sample-client-data.ts'
import { createCpuMeter } from './cpu-meter.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const PER_ROUND = Number(process.env.BENCH_AUDIT_RUNS ?? 200)
// The bench app's own cipher (bench/setup.ts).
const cipher = createFieldCipher(Buffer.alloc(32, 3))

function shuffled<T>(items: T[]): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

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

/**
 * The chained append as it was before migration 0014, for a same-run comparison: one three-part
 * CTE (lock the head, insert after it, move it), parsed and planned for every event. It computes
 * the same links as audit_append, so the bench agency's chain stays valid.
 */
async function previousAppend(tx: Executor, ctx: Ctx, clientId: string): Promise<void> {
  const event = {
    id: randomUUID(),
    agencyId: ctx.actor.agencyId,
    actorUserId: ctx.actor.userId,
    action: 'client.updated',
    entityType: 'client',
    entityId: clientId,
    details: normaliseDetails({ fields: ['phone'] }),
    ipAddress: ctx.ipAddress,
    userAgent: ctx.userAgent,
    requestId: ctx.requestId,
    createdAt: new Date(),
  }
  const personal = personalHash(event)
  const digest = contentHashV2(event, personal)
  const chain = chainKey(event.agencyId)
  await tx.execute(sql`
    WITH head AS (
      SELECT sequence, hash FROM audit_chain_heads WHERE chain = ${chain} FOR UPDATE
    ), appended AS (
      INSERT INTO audit_events (id, agency_id, actor_user_id, action, entity_type, entity_id, details,
        ip_address, user_agent, request_id, created_at, sequence, prev_hash, hash, content_hash)
      SELECT ${event.id}::uuid, ${event.agencyId}::uuid, ${event.actorUserId}::uuid, ${event.action},
        ${event.entityType}, ${event.entityId}, ${JSON.stringify(event.details)}::jsonb,
        ${event.ipAddress}, ${event.userAgent}, ${event.requestId},
        ${event.createdAt.toISOString()}::timestamptz, head.sequence + 1, head.hash,
        encode(sha256(convert_to(head.hash || ${digest}, 'UTF8')), 'hex'), ${personal}
      FROM head
      RETURNING sequence, hash
    )
    UPDATE audit_chain_heads SET sequence = appended.sequence, hash = appended.hash
    FROM appended WHERE chain = ${chain}
    RETURNING audit_chain_heads.sequence`)
}

export async function benchAppendCost(
  db: Db,
  kind: 'pglite' | 'postgres',
  ctx: Ctx,
  plainAgencyCtx: Ctx,
): Promise<void> {
  const created = await db.transaction((tx) =>
    clientsRepository.insertClient(tx, {
      ...(toClientRow(ClientInputSchema.parse(sampleClientData()), cipher) as clientsRepository.NewClientRow),
      agencyId: ctx.actor.agencyId,
      createdByUserId: ctx.actor.userId,
    }),
  )
  const input = ClientInputSchema.parse(sampleClientData({ email: created.email, phone: '555-201-0000' }))
  const party = { agencyId: ctx.actor.agencyId, actorUserId: ctx.actor.userId }
  const event = {
    action: 'client.updated',
    entity: { type: 'client', id: created.id },
    details: { fields: ['phone'] },
  }
  const variants: Record<string, () => Promise<unknown>> = {
    // The service as it runs: update, chained audit append, application count, in one transaction.
    service: () => updateClient(db, cipher, ctx, created.id, input, clientApplications),
    // The same transaction without the audit append.
    withoutAudit: () =>
      db.transaction(async (tx) => {
        await clientsRepository.updateClient(tx, ctx.actor.agencyId, created.id, toClientRow(input, cipher))
        await clientApplications.countByClient(tx, ctx.actor.agencyId, [created.id])
      }),
    // The same transaction with one more round trip that does nothing (SELECT 1): the least any
    // append costs that is a statement of its own.
    withRoundTrip: () =>
      db.transaction(async (tx) => {
        await clientsRepository.updateClient(tx, ctx.actor.agencyId, created.id, toClientRow(input, cipher))
        await tx.execute(sql`SELECT 1`)
        await clientApplications.countByClient(tx, ctx.actor.agencyId, [created.id])
      }),
    // What 10% would take: the append folded into the update's own statement (a CTE the UPDATE
    // joins), so it costs no round trip of its own. Not how the service writes it (see decision 011).
    withFoldedAppend: () =>
      db.transaction(async (tx) => {
        const appended = tx
          .$with('appended', { sequence: sql<number>`sequence` })
          .as(auditAppendCall(auditEventOf(ctx, party, event)))
        const [row] = await tx
          .with(appended)
          .update(clients)
          .set({ ...toClientRow(input, cipher), updatedAt: new Date() })
          .from(appended)
          .where(and(eq(clients.agencyId, ctx.actor.agencyId), eq(clients.id, created.id)))
          // Every column, as the repository's update answers (the service maps the whole row).
          .returning(getTableColumns(clients))
        if (!row) throw new Error('the bench client is gone')
        await clientApplications.countByClient(tx, ctx.actor.agencyId, [created.id])
      }),
    // The same transaction with the append as it was before migration 0014.
    withPreviousAppend: () =>
      db.transaction(async (tx) => {
        const row = await clientsRepository.updateClient(
          tx,
          ctx.actor.agencyId,
          created.id,
          toClientRow(input, cipher),
        )
        if (row) await previousAppend(tx, ctx, created.id)
        await clientApplications.countByClient(tx, ctx.actor.agencyId, [created.id])
      }),
    append: () => db.transaction((tx) => recordAudit(tx, ctx, event)),
    plain: () => db.transaction((tx) => plainInsert(tx, plainAgencyCtx, created.id)),
  }
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]))
  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]))
  const server: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]))
  const entries = Object.entries(variants)
  // The first round's worth warms up (and opens the pool's connections, whose CPU is then counted).
  for (let n = 0; n < PER_ROUND; n++) for (const [, run] of entries) await run()
  const meter = await createCpuMeter(db, kind)
  // One of each variant in turn (not 200 of one, then 200 of the next), in a new order each time:
  // the shared machine's load comes and goes in bursts, and what one variant leaves behind (dead
  // rows, WAL to flush) falls on whichever runs next, so neither may favour one variant.
  for (let n = 0; n < ROUNDS * PER_ROUND; n++) {
    for (const [name, run] of shuffled(entries)) {
      const { wallMs, cpuNs, serverNs } = await meter.measure(run)
      times[name]!.push(wallMs)
      cpu[name]!.push(cpuNs / 1e6)
      server[name]!.push(serverNs / 1e6)
    }
  }
  const [service, withoutAudit, roundTrip, folded, previous, append, plain] = [
    'service',
    'withoutAudit',
    'withRoundTrip',
    'withFoldedAppend',
    'withPreviousAppend',
    'append',
    'plain',
  ].map((name) => median(times[name]!)) as [number, number, number, number, number, number, number]
  const foldedShare = (folded - withoutAudit) / folded
  const floor = (roundTrip - withoutAudit) / roundTrip
  const share = (service - withoutAudit) / service
  const previousShare = (previous - withoutAudit) / previous
  const ms = (value: number) => `${value.toFixed(3)} ms`
  console.log(`  client update through the service (median of ${ROUNDS}×${PER_ROUND}): ${ms(service)}`)
  console.log(`  the same transaction without the audit append: ${ms(withoutAudit)}`)
  console.log(
    `  audit append inside the update: ${ms(service - withoutAudit)} = ${(share * 100).toFixed(1)}% of the update (${share < 0.1 ? 'meets' : 'ABOVE'} target 10%)`,
  )
  console.log(
    `  one empty round trip (SELECT 1) inside the update: ${ms(roundTrip - withoutAudit)} = ${(floor * 100).toFixed(1)}% of its update (the floor for an append that is a statement of its own)`,
  )
  console.log(
    `  the append folded into the update's statement (no round trip of its own): ${ms(folded - withoutAudit)} = ${(foldedShare * 100).toFixed(1)}% of its update`,
  )
  console.log(
    `  the append before migration 0014 (a CTE planned every time), same run: ${ms(previous - withoutAudit)} = ${(previousShare * 100).toFixed(1)}% of its update`,
  )
  const [cpuService, cpuWithout, cpuFolded] = ['service', 'withoutAudit', 'withFoldedAppend'].map((name) =>
    mean(cpu[name]!),
  ) as [number, number, number]
  const cpuShare = (cpuService - cpuWithout) / cpuService
  console.log(
    `  CPU time (mean; ${kind === 'postgres' ? 'this process and the database’s server processes' : 'this process, PGlite included'}): update ${ms(cpuService)}, without the append ${ms(cpuWithout)}: the append ${ms(cpuService - cpuWithout)} = ${(cpuShare * 100).toFixed(1)}% of the update (folded into its statement: ${(((cpuFolded - cpuWithout) / cpuFolded) * 100).toFixed(1)}%)`,
  )
  console.log(
    `  CPU time of each variant (mean, of which the database server's): ${Object.keys(variants)
      .map((name) => `${name} ${ms(mean(cpu[name]!))} (${ms(mean(server[name]!))})`)
      .join(', ')}`,
  )
  console.log(
    `  append alone in its own transaction: ${ms(append)} (${((append / service) * 100).toFixed(1)}% of the update); the old unchained insert alone: ${ms(plain)}`,
  )
}
