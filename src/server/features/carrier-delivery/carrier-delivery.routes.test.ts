import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addCarrier,
  connectedApiCarrier,
  createApplication,
  type DeliveryHarness,
  eventually,
  startHarnessWithAgent,
  submissionsOf,
} from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import { signedWebhook } from '#test/fake-carrier.ts'

let harness: DeliveryHarness
let user: SignedInUser
beforeAll(async () => {
  const started = await startHarnessWithAgent({ submitWaitMs: 2_000 })
  harness = started.harness
  user = started.user
})
afterAll(() => harness.close())

describe('carrier connections', () => {
  it('refuses loopback and private endpoints that are not allow-listed (SSRF)', async () => {
    const carrier = await addCarrier(harness.test, user, 'api')
    for (const apiEndpoint of [
      'https://10.0.0.5/in',
      'https://169.254.169.254/latest',
      'https://localhost/in',
    ]) {
      const response = await harness.test.request({
        method: 'PUT',
        url: `/api/carriers/${carrier.id}/connection`,
        cookie: user.cookie,
        payload: { apiEndpoint, rotateSecret: true },
      })
      expect(response.statusCode, apiEndpoint).toBe(400)
      expect(response.body).toContain('private network')
    }
    const plainHttp = await harness.test.request({
      method: 'PUT',
      url: `/api/carriers/${carrier.id}/connection`,
      cookie: user.cookie,
      payload: { apiEndpoint: 'http://8.8.8.8/in' },
    })
    expect(plainHttp.body).toContain('https://')
  })

  it('shows the secret once, stores it encrypted and gives the webhook address', async () => {
    const { carrier, fake } = await connectedApiCarrier(harness.test, user)
    harness.track(fake)
    const read = await harness.test.request({
      method: 'GET',
      url: `/api/carriers/${carrier.id}/connection`,
      cookie: user.cookie,
    })
    expect(read.json()).toEqual({
      carrierId: carrier.id,
      apiEndpoint: fake.url,
      hasSecret: true,
      webhookUrl: `http://app.test/api/carrier-webhooks/${carrier.id}`,
    })
  })
})

describe('POST /api/carrier-webhooks/:carrierId', () => {
  async function deliveredApiSubmission() {
    const options = await connectedApiCarrier(harness.test, user)
    harness.track(options.fake)
    const application = await createApplication(harness.test, user, options.carrier.id)
    const [submission] = await eventually(
      () => submissionsOf(harness.test, user, application.id),
      (list) => list[0]!.status === 'sent',
    )
    return { ...options, application, submission: submission!, connectionSecret: options.secret }
  }

  async function post(carrierId: string, signed: { payload: string; headers: Record<string, string> }) {
    return harness.test.app.inject({
      method: 'POST',
      url: `/api/carrier-webhooks/${carrierId}`,
      headers: signed.headers,
      payload: signed.payload,
    })
  }

  it('moves the submission forward, records who did it and notifies the agent; a replay changes nothing', async () => {
    const { carrier, application, submission, connectionSecret } = await deliveredApiSubmission()
    const event = {
      eventId: 'evt-1',
      submissionId: submission.id,
      status: 'under_review',
      message: 'Underwriting',
    }
    const first = await post(carrier.id, signedWebhook(connectionSecret, event))
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ applied: true, status: 'under_review' })
    const replay = await post(carrier.id, signedWebhook(connectionSecret, { ...event, status: 'approved' }))
    expect(replay.json()).toMatchObject({ applied: false })
    const old = await post(
      carrier.id,
      signedWebhook(
        connectionSecret,
        { ...event, eventId: 'evt-old', status: 'approved' },
        Date.now() / 1000 - 3600,
      ),
    )
    expect(old.json()).toMatchObject({ applied: false, reason: 'Event is too old' })
    const backwards = await post(
      carrier.id,
      signedWebhook(connectionSecret, { ...event, eventId: 'evt-2', status: 'acknowledged' }),
    )
    expect(backwards.json()).toMatchObject({ applied: false })
    const [after] = await submissionsOf(harness.test, user, application.id)
    expect(after).toMatchObject({ status: 'under_review', message: 'Underwriting' })
    expect(after!.history.at(-1)).toMatchObject({
      fromStatus: 'sent',
      toStatus: 'under_review',
      source: 'carrier',
    })
    const notifications = await harness.test.request({
      method: 'GET',
      url: '/api/notifications',
      cookie: user.cookie,
    })
    expect(notifications.json().notifications[0].title).toContain('under review')
  })

  it('answers 401 to a bad signature, another carrier’s secret or an unknown submission, changing nothing', async () => {
    const { carrier, application, submission, connectionSecret } = await deliveredApiSubmission()
    const event = { eventId: 'evt-x', submissionId: submission.id, status: 'approved' }
    const wrong = signedWebhook('whsec_wrong', event)
    const tampered = signedWebhook(connectionSecret, event)
    tampered.payload = tampered.payload.replace('approved', 'declined')
    const unsigned = { payload: JSON.stringify(event), headers: { 'content-type': 'application/json' } }
    for (const attempt of [wrong, tampered, unsigned]) {
      expect((await post(carrier.id, attempt)).statusCode).toBe(401)
    }
    const elsewhere = await addCarrier(harness.test, user, 'api')
    expect((await post(elsewhere.id, signedWebhook(connectionSecret, event))).statusCode).toBe(401)
    const [after] = await submissionsOf(harness.test, user, application.id)
    expect(after!.status).toBe('sent')
  })
})
