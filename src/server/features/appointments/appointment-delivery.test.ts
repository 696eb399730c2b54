import { eq } from 'drizzle-orm'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { sampleAppointment } from '#test/appointment-input.ts'
import {
  addCarrier,
  type DeliveryHarness,
  eventually,
  startHarnessWithAgent,
  trackedApiCarrier,
} from '#test/delivery-harness.ts'
import { addAgent, type SignedInUser } from '#test/factories.ts'
import { signedWebhook } from '#test/fake-carrier.ts'
import { uploadDocumentAs } from '#test/file-fixtures.ts'
import { type SmtpSink, startSmtpSink } from '#test/smtp-sink.ts'
import { carrierSubmissions } from '../carrier-delivery/carrier-delivery.table.ts'
import { documents } from '../documents/documents.table.ts'
import { notifications } from '../notifications/notifications.table.ts'

/** A 1×1 PNG, as a phone's scan of a voided check would be (only bigger). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

async function pdfOf(pages: number, text: string): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let n = 0; n < pages; n++)
    doc.addPage([612, 792]).drawText(`${text} ${n + 1}`, { x: 50, y: 700, font })
  return Buffer.from(await doc.save())
}

let harness: DeliveryHarness
let sink: SmtpSink
let agent: SignedInUser
let appointmentId: string

beforeAll(async () => {
  sink = await startSmtpSink()
  const started = await startHarnessWithAgent({ smtpUrl: sink.url })
  harness = started.harness
  agent = started.user
  const { test } = harness
  appointmentId = (
    await test.request({
      method: 'POST',
      url: '/api/appointments',
      cookie: agent.cookie,
      payload: sampleAppointment(),
    })
  ).json().id
  const uploads = [
    { documentType: 'w9', fileName: 'w9.pdf', content: await pdfOf(1, 'W-9') },
    { documentType: 'eo_certificate', fileName: 'eo.pdf', content: await pdfOf(2, 'E&O') },
    { documentType: 'voided_check', fileName: 'check.png', content: PNG },
  ]
  for (const upload of uploads) {
    const response = await uploadDocumentAs(test, agent.cookie, upload)
    expect(response.statusCode, response.body).toBe(201)
  }
  await test.request({
    method: 'PUT',
    url: '/api/appointments/direct-deposit',
    cookie: agent.cookie,
    payload: {
      bankName: 'Chase Bank',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      confirmAccountNumber: '000123456789',
      accountHolderName: 'Riley Producer',
      agreeToTerms: true,
    },
  })
})
afterAll(async () => {
  await harness.close()
  await sink.close()
})

function submit(carrierIds: string[], user = agent, id = appointmentId) {
  return harness.test.request({
    method: 'POST',
    url: `/api/appointments/${id}/submit-to-carrier`,
    cookie: user.cookie,
    payload: { carrierIds },
  })
}

async function history() {
  const response = await harness.test.request({
    method: 'GET',
    url: '/api/appointments',
    cookie: agent.cookie,
  })
  return response.json().data.find((a: { id: string }) => a.id === appointmentId)
}

describe('an appointment sent to an API carrier and an email carrier', () => {
  it('delivers a packet to each, answers a result per carrier, and follows the webhook', async () => {
    const { carrier: api, fake, secret } = await trackedApiCarrier(harness, agent)
    const email = await addCarrier(harness.test, agent, 'email')
    const response = await submit([api.id, email.id])
    expect(response.statusCode, response.body).toBe(200)
    const results = response.json()
    expect(results.map((r: { carrierId: string }) => r.carrierId)).toEqual([api.id, email.id])
    expect(results[0].result).toMatchObject({ status: 'success', errors: [] })
    expect(results[0].result.confirmationNumber).toBeTruthy()

    // The API carrier got the application, the signature's evidence and the bank details masked.
    const body = fake.accepted[0]!.body as { submissionId: string; documents: { documentType: string }[] }
    expect(body).toMatchObject({
      type: 'producer_appointment',
      appointmentId,
      producer: { npn: '12345678', stateLicenses: ['TX', 'CA'] },
      signature: {
        eSignature: 'Riley Producer',
        ipAddress: '127.0.0.1',
        reportedIpAddress: 'unknown',
        termsVersion: '1.0',
      },
      directDeposit: { routingNumber: '****0021', accountNumber: '****6789' },
    })
    expect(JSON.stringify(body)).not.toContain('000123456789')
    expect(body.documents.map((d: { documentType: string }) => d.documentType).sort()).toEqual([
      'eo_certificate',
      'voided_check',
      'w9',
    ])

    // The email carrier got the PDF: the application, then the W-9 (1), E&O (2) and check (1) pages.
    const mails = await eventually(
      async () => sink.messages.filter((m) => m.raw.includes('Producer appointment application')),
      (found) => found.length > 0,
    )
    expect(mails[0]!.raw).toContain('application/pdf')
    const [row] = await harness.test.db
      .select()
      .from(carrierSubmissions)
      .where(eq(carrierSubmissions.carrierId, email.id))
    const download = await harness.test.request({
      method: 'GET',
      url: `/api/documents/${row!.documentId}/download`,
      cookie: agent.cookie,
    })
    const packet = await PDFDocument.load(download.rawPayload)
    const appended = 1 + 2 + 1
    expect(packet.getPageCount()).toBeGreaterThan(appended)

    // The carrier's webhook moves the appointment along, and the agent is told.
    const submissionId = body.submissionId
    const webhook = signedWebhook(secret, { eventId: 'evt-1', submissionId, status: 'under_review' })
    const answer = await harness.test.request({
      method: 'POST',
      url: `/api/carrier-webhooks/${api.id}`,
      ...webhook,
    })
    expect(answer.statusCode).toBe(200)
    const after = await history()
    expect(after.status).toBe('pending')
    expect(after.carriers.find((c: { carrierId: string }) => c.carrierId === api.id).status).toBe('pending')
    const told = await harness.test.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, agent.user.id))
    expect(told.some((n) => n.title.includes('Producer appointment application'))).toBe(true)
  })

  it("lets an agency admin record a carrier's answer along the state machine, and refuses going back", async () => {
    const email = await addCarrier(harness.test, agent, 'email')
    await submit([email.id])
    const set = (status: string) =>
      harness.test.request({
        method: 'POST',
        url: `/api/appointments/${appointmentId}/carriers/${email.id}/status`,
        cookie: agent.cookie,
        payload: { status },
      })
    await eventually(history, (a) =>
      a.carriers.some(
        (c: { carrierId: string; submissionStatus: string }) =>
          c.carrierId === email.id && c.submissionStatus !== 'queued',
      ),
    )
    expect((await set('pending')).statusCode).toBe(200)
    const approved = await set('approved')
    expect(approved.json().carriers.find((c: { carrierId: string }) => c.carrierId === email.id).status).toBe(
      'approved',
    )
    const back = await set('pending')
    expect(back.statusCode).toBe(409)
    expect(back.json().message).toBe('An appointment that is approved cannot become pending.')
  })

  it("keeps the packet, which carries the agent's W-9 and voided check, from their colleagues", async () => {
    const email = await addCarrier(harness.test, agent, 'email')
    await submit([email.id])
    const [row] = await harness.test.db
      .select()
      .from(carrierSubmissions)
      .where(eq(carrierSubmissions.carrierId, email.id))
    const colleague = await addAgent(harness.test, agent.user.agencyId)
    const url = `/api/documents/${row!.documentId}/download`
    expect((await harness.test.request({ method: 'GET', url, cookie: colleague.cookie })).statusCode).toBe(
      404,
    )
    expect((await harness.test.request({ method: 'GET', url, cookie: agent.cookie })).statusCode).toBe(200)
  })

  it('keeps the agent as the sender when a colleague retries a failed delivery', async () => {
    // An API carrier without a connection fails at once, for good.
    const api = await addCarrier(harness.test, agent, 'api')
    await submit([api.id])
    const after = await eventually(history, (a) =>
      a.carriers.some(
        (c: { carrierId: string; submissionStatus: string }) =>
          c.carrierId === api.id && c.submissionStatus === 'failed',
      ),
    )
    const { submissionId } = after.carriers.find((c: { carrierId: string }) => c.carrierId === api.id)
    const colleague = await addAgent(harness.test, agent.user.agencyId)
    const retry = await harness.test.request({
      method: 'POST',
      url: `/api/submissions/${submissionId}/retry`,
      cookie: colleague.cookie,
    })
    expect(retry.statusCode, retry.body).toBe(200)
    const [row] = await harness.test.db
      .select()
      .from(carrierSubmissions)
      .where(eq(carrierSubmissions.id, submissionId))
    expect(row!.requestedByUserId).toBe(agent.user.id)
  })

  it('refuses an inactive carrier, leaving no submission and no packet behind', async () => {
    const inactive = await addCarrier(harness.test, agent, 'pdf', { isActive: false })
    const packetsBefore = (await harness.test.db.select().from(documents)).length
    const response = await submit([inactive.id])
    expect(response.statusCode).toBe(400)
    const rows = await harness.test.db
      .select()
      .from(carrierSubmissions)
      .where(eq(carrierSubmissions.carrierId, inactive.id))
    expect(rows).toEqual([])
    expect((await harness.test.db.select().from(documents)).length).toBe(packetsBefore)
  })

  it('audits each submission', async () => {
    const events = await harness.test.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'appointment.submitted_to_carriers'))
    expect(events.length).toBeGreaterThanOrEqual(2)
  })
})
