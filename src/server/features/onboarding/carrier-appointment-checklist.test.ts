import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleAppointment } from '#test/appointment-input.ts'
import {
  addCarrier,
  type DeliveryHarness,
  eventually,
  startHarnessWithAgent,
} from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import { uploadDocumentAs } from '#test/file-fixtures.ts'
import { addOnboardingAgent, joinAsAgent } from '#test/onboarding.ts'

let harness: DeliveryHarness
let admin: SignedInUser

async function pdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([612, 792]).drawText(text, { x: 50, y: 700, font })
  return Buffer.from(await doc.save())
}

beforeAll(async () => {
  const started = await startHarnessWithAgent()
  harness = started.harness
  admin = started.user
})
afterAll(() => harness.close())

describe('the carrier appointments checklist item', () => {
  it('is complete once a carrier approves the agent’s appointment, read from the appointments feature', async () => {
    const { test } = harness
    const { input } = await addOnboardingAgent(test, admin)
    const cookie = await joinAsAgent(test, input.email)
    const checklist = async () =>
      (
        await test.request({
          method: 'GET',
          url: `/api/agency-onboarding/progress?agentId=${input.agentId}`,
          cookie: admin.cookie,
        })
      ).json().agents[0].carrierAppointmentsComplete
    expect(await checklist()).toBe(false)

    const created = await test.request({
      method: 'POST',
      url: '/api/appointments',
      cookie,
      payload: sampleAppointment(),
    })
    expect(created.statusCode, created.body).toBe(201)
    const appointmentId = created.json().id
    for (const documentType of ['w9', 'eo_certificate', 'voided_check']) {
      const uploaded = await uploadDocumentAs(test, cookie, {
        documentType,
        applicationId: appointmentId,
        content: await pdf(documentType),
      })
      expect(uploaded.statusCode, uploaded.body).toBe(201)
    }
    const carrier = await addCarrier(test, admin, 'email')
    const sent = await test.request({
      method: 'POST',
      url: `/api/appointments/${appointmentId}/submit-to-carrier`,
      cookie,
      payload: { carrierIds: [carrier.id] },
    })
    expect(sent.statusCode, sent.body).toBe(200)
    const mine = async () =>
      (await test.request({ method: 'GET', url: '/api/appointments', cookie })).json().data[0]
    await eventually(mine, (appointment) => appointment.carriers[0]?.submissionStatus !== 'queued')
    const record = (status: string) =>
      test.request({
        method: 'POST',
        url: `/api/appointments/${appointmentId}/carriers/${carrier.id}/status`,
        cookie: admin.cookie,
        payload: { status },
      })
    expect((await record('pending')).statusCode).toBe(200)
    expect(await checklist()).toBe(false)
    expect((await record('approved')).statusCode).toBe(200)
    expect(await checklist()).toBe(true)
  })
})
