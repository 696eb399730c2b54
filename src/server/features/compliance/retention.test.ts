import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAllowList } from '#server/features/carrier-delivery/ssrf.service.ts'
import { createJobHandlers } from '#server/features/index.ts'
import { appendAuditEvent, rowsOf } from '#server/platform/audit-chain.ts'
import { type AuditContent, normaliseDetails, personalHash } from '#server/platform/audit-hash.ts'
import { verifyAuditChain } from '#server/platform/audit-verify.ts'
import { createJobRunner } from '#server/platform/jobs.ts'
import { tamperWithAudit } from '#test/audit-tamper.ts'
import { buildTestApp, TEST_CIPHER, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { RETENTION_AGENCY_JOB, RETENTION_JOB } from './retention.job.ts'
import { applyAgencyRetention } from './retention.service.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const YEAR_MS = 365.25 * 86_400_000

/** An agency with events written `ages` years ago (a valid chain), after its sign-up's own events. */
async function agencyWithHistory(retentionYears: number, ages: number[]) {
  const { user } = await signUp(test)
  const agencyId = user.agencyId
  await test.db.execute(sql`UPDATE agencies SET retention_years = ${retentionYears} WHERE id = ${agencyId}`)
  const events: AuditContent[] = []
  for (const age of ages) {
    const event: AuditContent = {
      id: randomUUID(),
      agencyId,
      actorUserId: user.id,
      action: 'client.viewed',
      entityType: 'client',
      entityId: randomUUID(),
      details: normaliseDetails({ field: 'ssn', note: `seen ${age} years ago` }),
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (test)',
      requestId: 'req-1',
      createdAt: new Date(Math.floor(Date.now() - age * YEAR_MS)),
    }
    await appendAuditEvent(test.db, event)
    events.push(event)
  }
  return { agencyId, events }
}

interface StoredEvent {
  id: string
  details: Record<string, unknown>
  ip_address: string | null
  user_agent: string | null
  content_hash: string | null
  redacted_at: Date | null
}
async function storedEvent(id: string): Promise<StoredEvent> {
  const rows = rowsOf<StoredEvent>(
    await test.db.execute(sql`SELECT id, details, ip_address, user_agent, content_hash, redacted_at
      FROM audit_events WHERE id = ${id}`),
  )
  return rows[0]!
}

describe('the retention job', () => {
  it('tombstones events past the period, keeps their personal hash, and the chain still verifies', async () => {
    const { agencyId, events } = await agencyWithHistory(2, [5, 3, 1.5, 0.5])
    const other = await agencyWithHistory(7, [5, 3])
    const run = await applyAgencyRetention(test.db, agencyId)
    await applyAgencyRetention(test.db, other.agencyId)
    expect(run).toMatchObject({ retentionYears: 2, tombstoned: 2, skippedAltered: 0 })
    for (const event of events.slice(0, 2)) {
      expect(await storedEvent(event.id)).toMatchObject({
        details: {},
        ip_address: null,
        user_agent: null,
        content_hash: personalHash(event),
        redacted_at: expect.anything(),
      })
    }
    expect(await storedEvent(events[2]!.id)).toMatchObject({
      ip_address: '203.0.113.9',
      content_hash: personalHash(events[2]!),
      redacted_at: null,
    })
    expect(await verifyAuditChain(test.db, agencyId)).toMatchObject({ ok: true })
    // Another agency, with a longer period, keeps everything.
    for (const event of other.events) expect((await storedEvent(event.id)).redacted_at).toBeNull()
    const [audited] = rowsOf<{ details: Record<string, unknown> }>(
      await test.db.execute(sql`SELECT details FROM audit_events WHERE agency_id = ${agencyId}
        AND action = 'audit.retention_applied' ORDER BY sequence DESC LIMIT 1`),
    )
    expect(audited!.details).toMatchObject({ retentionYears: 2, tombstoned: 2 })
  })

  it('is idempotent: a second run tombstones nothing more and the chain verifies', async () => {
    const { agencyId } = await agencyWithHistory(1, [4, 2])
    expect(await applyAgencyRetention(test.db, agencyId)).toMatchObject({ tombstoned: 2 })
    expect(await applyAgencyRetention(test.db, agencyId)).toMatchObject({ tombstoned: 0 })
    expect(await verifyAuditChain(test.db, agencyId)).toMatchObject({ ok: true })
  })

  it('leaves an altered event alone instead of hiding the alteration under a tombstone', async () => {
    const { agencyId, events } = await agencyWithHistory(1, [4, 3])
    await tamperWithAudit(
      test.db,
      sql`UPDATE audit_events SET ip_address = '198.51.100.1' WHERE id = ${events[0]!.id}`,
    )
    expect(await applyAgencyRetention(test.db, agencyId)).toMatchObject({
      tombstoned: 1,
      skippedAltered: 1,
    })
    expect(await verifyAuditChain(test.db, agencyId)).toMatchObject({
      ok: false,
      firstBadEvent: { id: events[0]!.id, problem: 'altered' },
    })
  })

  it('deletes the agency’s mail older than the period and expired sessions, not newer ones', async () => {
    const { agencyId } = await agencyWithHistory(1, [])
    await test.db.execute(sql`INSERT INTO mail_messages (agency_id, to_address, subject, text_body, status, transport, created_at)
      VALUES (${agencyId}, 'old@example.com', 'Old', 'body', 'kept', 'database', now() - interval '2 years'),
             (${agencyId}, 'new@example.com', 'New', 'body', 'kept', 'database', now())`)
    await test.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 day' WHERE agency_id = ${agencyId}`,
    )
    const run = await applyAgencyRetention(test.db, agencyId)
    expect(run).toMatchObject({ mailMessages: 1, sessions: 1 })
    const mail = rowsOf<{ to_address: string }>(
      await test.db.execute(sql`SELECT to_address FROM mail_messages WHERE agency_id = ${agencyId}`),
    )
    expect(mail.map((m) => m.to_address)).not.toContain('old@example.com')
    expect(mail.map((m) => m.to_address)).toContain('new@example.com')
  })
})

describe('a tombstone in the verify walk and the trigger', () => {
  it('names a tombstone whose content hash was changed as altered', async () => {
    const { agencyId, events } = await agencyWithHistory(1, [3, 2])
    await applyAgencyRetention(test.db, agencyId)
    await tamperWithAudit(
      test.db,
      sql`UPDATE audit_events SET content_hash = ${'a'.repeat(64)} WHERE id = ${events[1]!.id}`,
    )
    expect(await verifyAuditChain(test.db, agencyId)).toMatchObject({
      ok: false,
      firstBadEvent: { id: events[1]!.id, problem: 'altered' },
    })
  })

  it('names as altered a live event whose details and personal hash were both changed', async () => {
    const { agencyId, events } = await agencyWithHistory(7, [0.1])
    const forged = { ...events[0]!, details: { field: 'none' } }
    await tamperWithAudit(
      test.db,
      sql`UPDATE audit_events SET details = '{"field":"none"}', content_hash = ${personalHash(forged)}
        WHERE id = ${events[0]!.id}`,
    )
    expect(await verifyAuditChain(test.db, agencyId)).toMatchObject({
      ok: false,
      firstBadEvent: { id: events[0]!.id, problem: 'altered' },
    })
  })

  it('refuses to tombstone an event younger than the agency’s period, and to tombstone one twice', async () => {
    const { agencyId, events } = await agencyWithHistory(3, [2, 4])
    /** The database's refusal of a tombstone written by hand (drizzle wraps it as the cause). */
    const tombstone = (id: string) =>
      test.db
        .execute(sql`UPDATE audit_events SET details = '{}', ip_address = NULL, user_agent = NULL,
          redacted_at = now() WHERE id = ${id}`)
        .then(
          () => 'accepted',
          (error: { cause?: { message?: string } }) => error.cause?.message ?? '',
        )
    // Two years old: past a year, but not past the agency's three.
    expect(await tombstone(events[0]!.id)).toMatch(/append-only/)
    await applyAgencyRetention(test.db, agencyId)
    expect((await storedEvent(events[0]!.id)).redacted_at).toBeNull()
    expect((await storedEvent(events[1]!.id)).redacted_at).not.toBeNull()
    expect(await tombstone(events[1]!.id)).toMatch(/append-only/)
    // Nor may a tombstone change the personal hash it keeps.
    const { events: more } = await agencyWithHistory(1, [3])
    const withHash = await test.db
      .execute(sql`UPDATE audit_events SET details = '{}', ip_address = NULL, user_agent = NULL,
        content_hash = ${'b'.repeat(64)}, redacted_at = now() WHERE id = ${more[0]!.id}`)
      .then(
        () => 'accepted',
        () => 'refused',
      )
    expect(withHash).toBe('refused')
  })
})

const handlers = () =>
  createJobHandlers(test.db, {
    cipher: TEST_CIPHER,
    storage: test.storage,
    mailFrom: 'test@example.com',
    allowList: parseAllowList(undefined),
    log: { info: () => {} },
  })

const jobsOf = (type: string) =>
  test.db
    .execute(sql`SELECT agency_id, status, attempts, last_error, run_at FROM jobs WHERE type = ${type}`)
    .then((result) =>
      rowsOf<{
        agency_id: string
        status: string
        attempts: number
        last_error: string | null
        run_at: string
      }>(result),
    )

describe('the daily job', () => {
  it('books one job per agency and its own next run a day on', async () => {
    await test.db.execute(sql`DELETE FROM jobs WHERE type IN (${RETENTION_JOB}, ${RETENTION_AGENCY_JOB})`)
    const { agencyId } = await agencyWithHistory(1, [2])
    await handlers()[RETENTION_JOB]!({
      id: randomUUID(),
      type: RETENTION_JOB,
      agencyId: null,
      payload: {},
      attempts: 1,
      maxAttempts: 3,
    })
    const agencies = rowsOf<{ id: string }>(await test.db.execute(sql`SELECT id FROM agencies`))
    const booked = await jobsOf(RETENTION_AGENCY_JOB)
    expect(booked.map((job) => job.agency_id).sort()).toEqual(agencies.map((a) => a.id).sort())
    expect(booked.every((job) => job.status === 'queued')).toBe(true)
    expect(booked.map((job) => job.agency_id)).toContain(agencyId)
    const next = (await jobsOf(RETENTION_JOB)).filter((job) => job.status === 'queued')
    expect(new Date(next[0]!.run_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000)
  })

  it('runs each agency in its own job: one that fails is retried alone, the others are done', async () => {
    const failing = await agencyWithHistory(1, [2])
    const other = await agencyWithHistory(1, [2])
    // Only these two jobs in the queue (sign-up books its own mail).
    await test.db.execute(sql`DELETE FROM jobs`)
    await test.db.execute(sql`INSERT INTO jobs (type, agency_id, payload, max_attempts) VALUES
      (${RETENTION_AGENCY_JOB}, ${failing.agencyId}, ${JSON.stringify({ agencyId: failing.agencyId })}, 3),
      (${RETENTION_AGENCY_JOB}, ${other.agencyId}, ${JSON.stringify({ agencyId: other.agencyId })}, 3)`)
    // A refusal only this test's database has: deleting the failing agency's mail raises.
    await test.db.execute(sql`CREATE FUNCTION test_refuse_mail_purge() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END; $$ LANGUAGE plpgsql`)
    await test.db.execute(
      sql.raw(`CREATE TRIGGER test_refuse_mail_purge BEFORE DELETE ON mail_messages
      FOR EACH ROW WHEN (OLD.agency_id = '${failing.agencyId}') EXECUTE FUNCTION test_refuse_mail_purge()`),
    )
    await test.db.execute(sql`INSERT INTO mail_messages (agency_id, to_address, subject, text_body, status, transport, created_at)
      VALUES (${failing.agencyId}, 'old@example.com', 'Old', 'body', 'kept', 'database', now() - interval '2 years')`)
    try {
      const runner = createJobRunner({
        db: test.db,
        handlers: handlers(),
        log: { info: () => {}, error: () => {} },
      })
      expect(await runner.runOnce()).toBe(2)
      const jobs = await jobsOf(RETENTION_AGENCY_JOB)
      const failed = jobs.find((job) => job.agency_id === failing.agencyId)!
      expect(failed).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringMatching(/./) })
      expect(new Date(failed.run_at).getTime()).toBeGreaterThan(Date.now())
      expect(jobs.find((job) => job.agency_id === other.agencyId)).toMatchObject({ status: 'succeeded' })
      expect((await storedEvent(other.events[0]!.id)).redacted_at).not.toBeNull()
      // Its tombstone batches committed on their own (the retry skips them); the retention event
      // waits for a run that completes.
      expect((await storedEvent(failing.events[0]!.id)).redacted_at).not.toBeNull()
      const applied = rowsOf<{ n: number }>(
        await test.db.execute(sql`SELECT count(*)::int AS n FROM audit_events
          WHERE agency_id = ${failing.agencyId} AND action = 'audit.retention_applied'`),
      )
      expect(applied[0]!.n).toBe(0)
    } finally {
      await test.db.execute(sql`DROP TRIGGER test_refuse_mail_purge ON mail_messages`)
      await test.db.execute(sql`DROP FUNCTION test_refuse_mail_purge()`)
    }
  })
})
