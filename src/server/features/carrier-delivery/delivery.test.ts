import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import {
  addCarrier,
  createApplication,
  type DeliveryHarness,
  eventually,
  sendOne,
  startDeliveryHarness,
  startHarnessWithAgent,
  submissionsOf,
  submitTo,
  trackedApiCarrier,
} from '#test/delivery-harness.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { type SmtpSink, startSmtpSink } from '#test/smtp-sink.ts'
import { documents } from '../documents/documents.table.ts'

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

async function settled(applicationId: string) {
  return eventually(
    () => submissionsOf(harness.test, user, applicationId),
    (list) => list.every((s) => s.status !== 'queued'),
  )
}

describe('email, pdf and manual delivery', () => {
  it('emails the carrier the application packet through SMTP', async () => {
    const carrier = await addCarrier(harness.test, user, 'email')
    const { application } = await sendOne(harness.test, user, carrier.id)
    const [submission] = await settled(application.id)
    expect(submission).toMatchObject({ status: 'sent' })
    expect(submission!.documentId).toBeTruthy()
    const message = sink.messages.find(
      (m) => m.raw.includes(application.id) || m.raw.includes(submission!.id),
    )
    expect(message?.to[0]).toMatch(/@carrier\.test$/)
    expect(message?.raw).toMatch(/filename="?application-okoye-nia-/)
    const outbox = await harness.test.request({ method: 'GET', url: '/api/outbox', cookie: user.cookie })
    expect(outbox.json().smtpConfigured).toBe(true)
    expect(outbox.json().messages[0]).toMatchObject({ status: 'sent', to: message!.to[0] })
  })

  it('stores the packet once, when queued: an SMTP retry mails the same document and leaves no other', async () => {
    const carrier = await addCarrier(harness.test, user, 'email')
    const documentsOfAgency = () =>
      harness.test.db.select().from(documents).where(eq(documents.agencyId, user.user.agencyId))
    const before = new Set((await documentsOfAgency()).map((row) => row.id))
    sink.refuseNext(1)
    const { application } = await sendOne(harness.test, user, carrier.id)
    const [submission] = await settled(application.id)
    expect(submission).toMatchObject({ status: 'sent', attempts: 2 })
    expect(sink.refused).toBe(1)
    const packets = (await documentsOfAgency()).filter((row) => !before.has(row.id))
    expect(packets.map((row) => row.id)).toEqual([submission!.documentId])
    const stored: string[] = []
    for await (const object of harness.test.storage.list(`documents/${user.user.agencyId}/`))
      stored.push(object.key)
    expect(stored).toContain(packets[0]!.storageKey)
    const message = sink.messages.find((m) => m.raw.includes(submission!.id))
    expect(message?.raw).toContain('Content-Type: application/pdf')
  })

  it('makes a downloadable packet for a PDF carrier and waits for the agent, who marks it sent', async () => {
    const carrier = await addCarrier(harness.test, user, 'pdf')
    const { application } = await sendOne(harness.test, user, carrier.id)
    const [submission] = await settled(application.id)
    expect(submission).toMatchObject({ status: 'action_required' })
    const download = await harness.test.request({
      method: 'GET',
      url: `/api/documents/${submission!.documentId}/download`,
      cookie: user.cookie,
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const audited = await harness.test.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'document.downloaded'), eq(auditEvents.entityId, submission!.documentId!)),
      )
    expect(audited).toHaveLength(1)
    const marked = await harness.test.request({
      method: 'POST',
      url: `/api/submissions/${submission!.id}/mark-sent`,
      cookie: user.cookie,
      payload: { confirmationNumber: 'PORTAL-77' },
    })
    expect(marked.statusCode, marked.body).toBe(200)
    expect(marked.json()).toMatchObject({ status: 'sent', confirmationNumber: 'PORTAL-77' })
    expect(marked.json().history.map((h: { source: string }) => h.source)).toEqual([
      'agent',
      'delivery',
      'agent',
    ])
  })

  it('gives the agent a task with the packet for a manual carrier', async () => {
    const carrier = await addCarrier(harness.test, user, 'manual')
    const { application } = await sendOne(harness.test, user, carrier.id)
    const [submission] = await settled(application.id)
    expect(submission!.status).toBe('action_required')
    expect(submission!.message).toContain('by hand')
    const notifications = await harness.test.request({
      method: 'GET',
      url: '/api/notifications',
      cookie: user.cookie,
    })
    const task = notifications
      .json()
      .notifications.find((n: { title: string }) => n.title === `Send the application to ${carrier.name}`)
    expect(task?.attachments).toHaveLength(1)
  })

  it('retries a failed submission on request with a new idempotency key', async () => {
    const { carrier, fake } = await trackedApiCarrier(harness, user)
    fake.script([{ status: 422, body: { message: 'Missing garaging address' } }])
    const { application, submissionId } = await sendOne(harness.test, user, carrier.id)
    await settled(application.id)
    const retried = await harness.test.request({
      method: 'POST',
      url: `/api/submissions/${submissionId}/retry`,
      cookie: user.cookie,
    })
    expect(retried.statusCode, retried.body).toBe(200)
    const [submission] = await settled(application.id)
    expect(submission!.status).toBe('sent')
    expect(new Set(fake.requests.map((r) => r.key)).size).toBe(2)
  })
})

describe('without SMTP', () => {
  it('keeps the email in the outbox with its packet and asks the agent to send it', async () => {
    const plain = await startDeliveryHarness()
    try {
      plain.startWorker()
      const agent = await signUp(plain.test)
      const carrier = await addCarrier(plain.test, agent, 'email')
      const application = await createApplication(plain.test, agent, carrier.id)
      const [submission] = await eventually(
        () => submissionsOf(plain.test, agent, application.id),
        (list) => list[0]!.status !== 'queued',
      )
      expect(submission!.status).toBe('action_required')
      expect(submission!.message).toContain('Kept in the outbox')
      const outbox = (
        await plain.test.request({ method: 'GET', url: '/api/outbox', cookie: agent.cookie })
      ).json()
      expect(outbox.smtpConfigured).toBe(false)
      expect(outbox.messages[0]).toMatchObject({
        status: 'kept',
        attachments: [{ documentId: submission!.documentId }],
      })
    } finally {
      await plain.close()
    }
  })
})

describe('submitting to several carriers', () => {
  it('answers each carrier’s real outcome, one per method, and a failure', async () => {
    const first = await addCarrier(harness.test, user, 'pdf')
    const { carrier: api } = await trackedApiCarrier(harness, user)
    const email = await addCarrier(harness.test, user, 'email')
    const manual = await addCarrier(harness.test, user, 'manual')
    const broken = await addCarrier(harness.test, user, 'api')
    const application = await createApplication(harness.test, user, first.id)
    const response = await submitTo(harness.test, user, application.id, [
      api.id,
      email.id,
      manual.id,
      broken.id,
    ])
    expect(response.statusCode, response.body).toBe(200)
    const results = response.json() as { carrierName: string; status: string; submissionMethod: string }[]
    expect(results.map((r) => [r.submissionMethod, r.status])).toEqual([
      ['api', 'success'],
      ['email', 'success'],
      ['manual', 'success'],
      ['api', 'failed'],
    ])
    expect(results[0]).toMatchObject({ carrierName: api.name, processingTime: 'Instant to 1 business day' })
  })
})
