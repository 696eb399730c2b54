import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '#server/platform/jobs.table.ts'
import {
  addCarrier,
  connectCarrier,
  connectedApiCarrier,
  createApplication,
  type DeliveryHarness,
  eventually,
  failedSubmission,
  sendOne,
  sentTo,
  signUpProfessional,
  startDeliveryHarness,
  startHarnessWithAgent,
  submissionsOf,
  trackedApiCarrier,
} from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import type { FakeCarrier } from '#test/fake-carrier.ts'
import { type SmtpSink, startSmtpSink } from '#test/smtp-sink.ts'
import { carrierConnections, submissionAttempts } from './carrier-delivery.table.ts'

let harness: DeliveryHarness
let sink: SmtpSink
let user: SignedInUser
beforeAll(async () => {
  sink = await startSmtpSink()
  const started = await startHarnessWithAgent({ smtpUrl: sink.url, worker: { apiTimeoutMs: 500 } })
  harness = started.harness
  user = started.user
})
afterAll(async () => {
  await harness.close()
  await sink.close()
})

async function attemptsOf(submissionId: string) {
  return harness.test.db
    .select()
    .from(submissionAttempts)
    .where(eq(submissionAttempts.submissionId, submissionId))
    .orderBy(submissionAttempts.attempt)
}

async function settled(applicationId: string) {
  return eventually(
    () => submissionsOf(harness.test, user, applicationId),
    (list) => list.every((s) => s.status !== 'queued'),
  )
}

describe('API delivery', () => {
  it('posts the signed application with its idempotency key and stores the confirmation number', async () => {
    const { carrier, fake } = await trackedApiCarrier(harness, user)
    const { application, submissionId } = await sendOne(harness.test, user, carrier.id)
    const [submission] = await settled(application.id)
    expect(submission).toMatchObject({ status: 'sent', attempts: 1, confirmationNumber: 'FC-000001' })
    expect(fake.accepted).toHaveLength(1)
    const body = fake.accepted[0]!.body as Record<string, unknown>
    expect(body).toMatchObject({ submissionId, applicationId: application.id, insuranceType: 'auto' })
    // The SSN travels masked, never whole.
    expect(JSON.stringify(body)).toContain('***-**-6789')
    expect(JSON.stringify(body)).not.toContain('123-45-6789')
    expect(submission!.history.map((h) => h.toStatus)).toEqual(['queued', 'sent'])
    expect(await attemptsOf(submissionId)).toMatchObject([
      { attempt: 1, outcome: 'delivered', httpStatus: 200 },
    ])
  })

  it('retries a carrier answering 500 three times, then records the 200 with every attempt', async () => {
    const { carrier, fake } = await trackedApiCarrier(harness, user)
    fake.script([{ status: 500 }, { status: 500 }, { status: 500 }])
    const { application, submissionId } = await sendOne(harness.test, user, carrier.id)
    const [submission] = await settled(application.id)
    expect(submission).toMatchObject({ status: 'sent', attempts: 4 })
    expect((await attemptsOf(submissionId)).map((a) => [a.outcome, a.httpStatus])).toEqual([
      ['retry', 500],
      ['retry', 500],
      ['retry', 500],
      ['delivered', 200],
    ])
    expect(new Set(fake.requests.map((r) => r.key)).size).toBe(1)
    expect(fake.accepted).toHaveLength(1)
  })

  it('does not retry a 400: the submission fails at once with the carrier’s reason', async () => {
    const { carrier, fake } = await trackedApiCarrier(harness, user)
    fake.script([{ status: 400, body: { error: 'Vehicle VIN is required' } }])
    const { application, submissionId } = await sendOne(harness.test, user, carrier.id)
    const [submission] = await settled(application.id)
    expect(submission!.status).toBe('failed')
    expect(submission!.message).toContain('HTTP 400: Vehicle VIN is required')
    expect(await attemptsOf(submissionId)).toHaveLength(1)
    expect(fake.requests).toHaveLength(1)
    const [job] = await harness.test.db.select().from(jobs).where(eq(jobs.payload, { submissionId }))
    expect(job).toMatchObject({ status: 'failed', attempts: 1 })
  })

  it('gives a carrier that never answers five timed-out attempts, then fails it visibly', async () => {
    const { carrier, fake } = await trackedApiCarrier(harness, user)
    fake.script(Array.from({ length: 5 }, () => ({ hang: true as const })))
    const { application, submissionId } = await sendOne(harness.test, user, carrier.id)
    const submission = await failedSubmission(harness.test, user, application.id)
    expect(submission.message).toMatch(/No answer within .*gave up after 5 attempts/)
    expect((await attemptsOf(submissionId)).map((a) => a.outcome)).toEqual([
      'retry',
      'retry',
      'retry',
      'retry',
      'failed',
    ])
  })

  it('waits for a slow carrier that answers within the time limit', async () => {
    const { carrier, fake } = await trackedApiCarrier(harness, user)
    fake.script([{ delayMs: 300 }])
    const { application } = await sendOne(harness.test, user, carrier.id)
    const [submission] = await settled(application.id)
    expect(submission).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('treats a dropped connection as a network error and retries it', async () => {
    const { carrier, fake } = await trackedApiCarrier(harness, user)
    fake.script([{ destroy: true }])
    const { application, submissionId } = await sendOne(harness.test, user, carrier.id)
    const [submission] = await settled(application.id)
    expect(submission!.status).toBe('sent')
    expect((await attemptsOf(submissionId)).map((a) => a.outcome)).toEqual(['retry', 'delivered'])
  })

  it('fails a carrier without a connection, saying what to set up', async () => {
    const carrier = await addCarrier(harness.test, user, 'api')
    const { application } = await sendOne(harness.test, user, carrier.id)
    const [submission] = await settled(application.id)
    expect(submission!.status).toBe('failed')
    expect(submission!.message).toContain('No API connection')
  })

  it('refuses to connect to a private address that was written around the check (SSRF)', async () => {
    const carrier = await addCarrier(harness.test, user, 'api')
    await connectCarrier(harness.test, user, carrier.id, 'https://8.8.8.8/submissions')
    // As if the address had been changed behind the check: loopback, not allow-listed on this port scheme.
    await harness.test.db
      .update(carrierConnections)
      .set({ apiEndpoint: 'https://localhost:1/submissions' })
      .where(eq(carrierConnections.carrierId, carrier.id))
    const { application } = await sendOne(harness.test, user, carrier.id)
    const submission = await failedSubmission(harness.test, user, application.id)
    expect(submission.message).toContain('Refused to connect to a private address')
  })
})

describe('a worker killed mid-delivery', () => {
  it('loses nothing: another worker takes the job over and the carrier gets the application once', async () => {
    // Its own app and worker, so that the stuck worker holds nothing of the other tests.
    const isolated = await startDeliveryHarness()
    let fake: FakeCarrier | undefined
    try {
      const agent = await signUpProfessional(isolated.test)
      const connected = await connectedApiCarrier(isolated.test, agent)
      const carrier = connected.carrier
      fake = connected.fake
      // The first delivery reaches the carrier and its worker never sees an answer, as if killed.
      fake.script([{ hang: true }])
      isolated.startWorker({ apiTimeoutMs: 60_000 })
      const application = await createApplication(isolated.test, agent, carrier.id)
      await fake.waitForRequests(1)
      const [stuck] = await submissionsOf(isolated.test, agent, application.id)
      expect(stuck!.status).toBe('queued')
      // A restarted worker reclaims the job once it is stale and delivers with the same key.
      isolated.startWorker({ staleAfterMs: 300, apiTimeoutMs: 2_000 })
      const seen = await sentTo(
        fake,
        { test: isolated.test, user: agent, applicationId: application.id },
        10_000,
      )
      expect(seen).toEqual({ confirmationNumber: 'FC-000001', requests: 2, keys: 1, accepted: 1 })
    } finally {
      // Closing the carrier ends the stuck request, so the first worker can stop too.
      await fake?.close()
      await isolated.close()
    }
  })
})
