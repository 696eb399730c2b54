import { createPublicKey, verify } from 'node:crypto'
import { mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setUserRole } from '#server/features/auth/auth.service.ts'
import { AUDIT_CHECKPOINT_MESSAGES, type AuditCheckpoint } from '#shared/contracts/compliance.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { rewriteChainFrom, tamperWithAudit } from '#test/audit-tamper.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signIn, signUp } from '#test/factories.ts'
import { sampleClientData } from '#test/sample-client-data.ts'
import { checkpointMessage } from './checkpoint-signer.service.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'audit-integrity-'))
let test: TestApp
beforeAll(async () => {
  test = await buildTestApp({ env: { DATA_DIR: dataDir } })
})
afterAll(() => test.close())

const VERIFY = '/api/compliance/audit/verify'
const CHECKPOINT = '/api/compliance/audit/checkpoint'
const CHECKPOINT_VERIFY = '/api/compliance/audit/checkpoint/verify'

const verifyChain = (admin: SignedInUser) =>
  test.request({ method: 'POST', url: VERIFY, cookie: admin.cookie })
const exportCheckpoint = (admin: SignedInUser) =>
  test.request({ method: 'GET', url: CHECKPOINT, cookie: admin.cookie })
const verifyCheckpoint = (admin: SignedInUser, payload: AuditCheckpoint) =>
  test.request({ method: 'POST', url: CHECKPOINT_VERIFY, cookie: admin.cookie, payload })

/** A client created, viewed and updated: a few events of the agency's own. */
async function someHistory(admin: SignedInUser): Promise<void> {
  const created = await test.request({
    method: 'POST',
    url: '/api/clients',
    cookie: admin.cookie,
    payload: sampleClientData(),
  })
  expect(created.statusCode, created.body).toBe(201)
  const { id } = created.json()
  await test.request({ method: 'GET', url: `/api/clients/${id}`, cookie: admin.cookie })
}

async function lastAuditOf(agencyId: string) {
  const result = await test.db.execute(sql`SELECT action, details FROM audit_events
    WHERE agency_id = ${agencyId}::uuid ORDER BY sequence DESC LIMIT 1`)
  return (result as unknown as { rows: { action: string; details: Record<string, unknown> }[] }).rows[0]
}

describe('who may call the audit integrity routes', () => {
  it('answers 401 without a session and 403 to a plain agent', async () => {
    const admin = await signUp(test)
    await setUserRole(test.db, admin.email, 'agent')
    const agent = { ...admin, cookie: await signIn(test, admin) }
    for (const [method, url] of [
      ['POST', VERIFY],
      ['GET', CHECKPOINT],
      ['POST', CHECKPOINT_VERIFY],
    ] as const) {
      const anonymous = await test.request({ method, url, payload: method === 'POST' ? {} : undefined })
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401)
      expect(anonymous.json()).toEqual({ message: GENERIC_MESSAGES.unauthorized })
      const refused = await test.request({ method, url, cookie: agent.cookie })
      expect(refused.statusCode, `${method} ${url}`).toBe(403)
      expect(refused.json()).toEqual({ message: GENERIC_MESSAGES.forbidden })
    }
  })
})

describe('POST /api/compliance/audit/verify', () => {
  it('verifies the agency’s chain and records the verification after the walk', async () => {
    const admin = await signUp(test)
    await someHistory(admin)
    const response = await verifyChain(admin)
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json()
    expect(answer).toMatchObject({ ok: true, headHash: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect(answer.events).toBeGreaterThanOrEqual(3)
    expect(await lastAuditOf(admin.user.agencyId)).toEqual({
      action: 'audit.chain_verified',
      details: { ok: true, events: answer.events, headHash: answer.headHash },
    })
  })

  it('names the event altered in the database', async () => {
    const admin = await signUp(test)
    await someHistory(admin)
    const [target] = (
      (await test.db.execute(sql`SELECT id, sequence::int AS sequence FROM audit_events
        WHERE agency_id = ${admin.user.agencyId}::uuid AND action = 'client.viewed'`)) as unknown as {
        rows: { id: string; sequence: number }[]
      }
    ).rows
    await tamperWithAudit(
      test.db,
      sql`UPDATE audit_events SET action = 'client.listed' WHERE id = ${target!.id}`,
    )
    const response = await verifyChain(admin)
    expect(response.json()).toEqual({
      ok: false,
      firstBadEvent: { id: target!.id, sequence: target!.sequence, problem: 'altered' },
      verifiedEvents: target!.sequence - 1,
    })
    expect(await lastAuditOf(admin.user.agencyId)).toMatchObject({
      action: 'audit.chain_verified',
      details: { ok: false, firstBadEvent: { id: target!.id, problem: 'altered' } },
    })
  })
})

describe('the signed checkpoint', () => {
  it('is a download signed with an Ed25519 key kept in DATA_DIR with mode 0600', async () => {
    const admin = await signUp(test)
    await someHistory(admin)
    const response = await exportCheckpoint(admin)
    expect(response.statusCode, response.body).toBe(200)
    const checkpoint: AuditCheckpoint = response.json()
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="audit-checkpoint-${checkpoint.sequence}.json"`,
    )
    expect(checkpoint).toMatchObject({ agencyId: admin.user.agencyId, algorithm: 'Ed25519' })
    // Anyone can check it with the public key alone, without our code.
    const signed = verify(
      null,
      Buffer.from(checkpointMessage(checkpoint)),
      createPublicKey(checkpoint.publicKey),
      Buffer.from(checkpoint.signature, 'base64'),
    )
    expect(signed).toBe(true)
    expect(statSync(path.join(dataDir, 'audit-signing.key')).mode & 0o777).toBe(0o600)
    expect(await lastAuditOf(admin.user.agencyId)).toMatchObject({
      action: 'audit.checkpoint_exported',
      details: { sequence: checkpoint.sequence, headHash: checkpoint.headHash },
    })
  })

  it('verifies when taken back, while later events are appended', async () => {
    const admin = await signUp(test)
    const checkpoint: AuditCheckpoint = (await exportCheckpoint(admin)).json()
    await someHistory(admin)
    const response = await verifyCheckpoint(admin, checkpoint)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      valid: true,
      signatureValid: true,
      headPresent: true,
      message: AUDIT_CHECKPOINT_MESSAGES.valid,
    })
    expect(await lastAuditOf(admin.user.agencyId)).toMatchObject({
      action: 'audit.checkpoint_verified',
      details: { valid: true, sequence: checkpoint.sequence },
    })
  })

  it('refuses a tampered checkpoint', async () => {
    const admin = await signUp(test)
    await someHistory(admin)
    const checkpoint: AuditCheckpoint = (await exportCheckpoint(admin)).json()
    const other = await buildTestApp()
    try {
      const foreignAdmin = await signUp(other)
      const foreign: AuditCheckpoint = (
        await other.request({ method: 'GET', url: CHECKPOINT, cookie: foreignAdmin.cookie })
      ).json()
      for (const forged of [
        { ...checkpoint, sequence: checkpoint.sequence - 1 },
        { ...checkpoint, createdAt: new Date(Date.now() + 86_400_000).toISOString() },
        { ...checkpoint, signature: Buffer.alloc(64, 7).toString('base64') },
        // Signed by another install's key, which it names: not ours.
        {
          ...foreign,
          agencyId: checkpoint.agencyId,
          sequence: checkpoint.sequence,
          headHash: checkpoint.headHash,
        },
      ]) {
        const response = await verifyCheckpoint(admin, forged)
        expect(response.statusCode, response.body).toBe(200)
        expect(response.json()).toMatchObject({
          valid: false,
          signatureValid: false,
          message: AUDIT_CHECKPOINT_MESSAGES.badSignature,
        })
      }
    } finally {
      await other.close()
    }
  })

  it('proves a consistent rewrite of history that the walk alone cannot see', async () => {
    const admin = await signUp(test)
    await someHistory(admin)
    const checkpoint: AuditCheckpoint = (await exportCheckpoint(admin)).json()
    const { agencyId } = admin.user
    await tamperWithAudit(
      test.db,
      sql`UPDATE audit_events SET details = '{"rewritten": true}' WHERE agency_id = ${agencyId}::uuid AND sequence = 2`,
    )
    await rewriteChainFrom(test.db, agencyId, 2)
    expect((await verifyChain(admin)).json()).toMatchObject({ ok: true })
    expect((await verifyCheckpoint(admin, checkpoint)).json()).toEqual({
      valid: false,
      signatureValid: true,
      headPresent: false,
      message: AUDIT_CHECKPOINT_MESSAGES.headMissing,
    })
  })

  it('does not judge another agency’s checkpoint against its chain', async () => {
    const admin = await signUp(test)
    const stranger = await signUp(test)
    const theirs: AuditCheckpoint = (await exportCheckpoint(stranger)).json()
    expect((await verifyCheckpoint(admin, theirs)).json()).toEqual({
      valid: false,
      signatureValid: true,
      headPresent: false,
      message: AUDIT_CHECKPOINT_MESSAGES.otherAgency,
    })
  })
})
