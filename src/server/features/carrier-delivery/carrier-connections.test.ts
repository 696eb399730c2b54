import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { CONNECTION_TEXTS } from '#shared/contracts/carrier-delivery.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { TEST_CIPHER } from '#test/build-test-app.ts'
import {
  addCarrier,
  connectCarrier,
  createApplication,
  type DeliveryHarness,
  eventually,
  signUpProfessional,
  startHarnessWithAgent,
  submissionsOf,
} from '#test/delivery-harness.ts'
import { type SignedInUser, signIn } from '#test/factories.ts'
import { signedWebhook, startFakeCarrier } from '#test/fake-carrier.ts'
import { setUserRole } from '../auth/auth.service.ts'
import { findConnectionSecret } from './carrier-connections.service.ts'
import { carrierConnections } from './carrier-delivery.table.ts'

let harness: DeliveryHarness
let user: SignedInUser
beforeAll(async () => {
  const started = await startHarnessWithAgent()
  harness = started.harness
  user = started.user
})
afterAll(() => harness.close())

/** A fake carrier whose secret the test sets, so it can keep an old one after a rotation. */
async function fakeCarrier(secret = '') {
  const options = { secret }
  const fake = await startFakeCarrier(options)
  harness.track(fake)
  return { fake, options }
}

async function connected(who = user) {
  const carrier = await addCarrier(harness.test, who, 'api')
  const { fake, options } = await fakeCarrier()
  options.secret = await connectCarrier(harness.test, who, carrier.id, fake.url)
  return { carrier, fake, options, secret: options.secret }
}

function update(carrierId: string, payload: Record<string, unknown>, who = user) {
  return harness.test.request({
    method: 'PUT',
    url: `/api/carriers/${carrierId}/connection`,
    cookie: who.cookie,
    payload,
  })
}

function stored(carrierId: string, who = user) {
  return findConnectionSecret(harness.test.db, TEST_CIPHER, who.user.agencyId, carrierId)
}

async function auditsOf(carrierId: string) {
  return harness.test.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'carrier.connection_updated'), eq(auditEvents.entityId, carrierId)))
    .orderBy(auditEvents.createdAt)
}

async function deliverOne(carrierId: string) {
  const application = await createApplication(harness.test, user, carrierId)
  const [submission] = await eventually(
    () => submissionsOf(harness.test, user, application.id),
    (list) => list[0]!.status !== 'queued',
  )
  return submission!
}

describe('PUT /api/carriers/:id/connection', () => {
  it('rotates the secret alone: the endpoint stays and only the new secret signs', async () => {
    const { carrier, fake, options, secret: oldSecret } = await connected()
    const rotated = await update(carrier.id, { rotateSecret: true })
    expect(rotated.statusCode, rotated.body).toBe(200)
    const { secret: newSecret, ...connection } = rotated.json()
    expect(connection).toMatchObject({ apiEndpoint: fake.url, hasSecret: true })
    expect(newSecret).toEqual(expect.any(String))
    expect(newSecret).not.toBe(oldSecret)
    expect(await stored(carrier.id)).toEqual({ apiEndpoint: fake.url, secret: newSecret })

    // The carrier still checking the old secret refuses our delivery; with the new one it takes it.
    const refused = await deliverOne(carrier.id)
    expect(refused).toMatchObject({ status: 'failed' })
    expect(refused.message).toContain('HTTP 401')
    options.secret = newSecret
    const delivered = await deliverOne(carrier.id)
    expect(delivered.status).toBe('sent')

    const event = { eventId: 'evt-rotated', submissionId: delivered.id, status: 'under_review' }
    const webhook = (signingSecret: string) => {
      const signed = signedWebhook(signingSecret, event)
      return harness.test.app.inject({
        method: 'POST',
        url: `/api/carrier-webhooks/${carrier.id}`,
        headers: signed.headers,
        payload: signed.payload,
      })
    }
    expect((await webhook(oldSecret)).statusCode).toBe(401)
    expect((await webhook(newSecret)).statusCode).toBe(200)

    const audits = await auditsOf(carrier.id)
    expect(audits.at(-1)!.details).toEqual({
      apiEndpoint: fake.url,
      endpointChanged: false,
      secretRotated: true,
    })
    expect(JSON.stringify(audits)).not.toContain(newSecret)
    expect(JSON.stringify(audits)).not.toContain(oldSecret)
  })

  it('changes the endpoint alone and keeps the secret, which is not shown again', async () => {
    const { carrier, fake, secret } = await connected()
    const { fake: moved } = await fakeCarrier(secret)
    const response = await update(carrier.id, { apiEndpoint: moved.url })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      carrierId: carrier.id,
      apiEndpoint: moved.url,
      hasSecret: true,
      webhookUrl: `http://app.test/api/carrier-webhooks/${carrier.id}`,
    })
    expect(await stored(carrier.id)).toEqual({ apiEndpoint: moved.url, secret })
    expect((await deliverOne(carrier.id)).status).toBe('sent')
    expect(moved.accepted).toHaveLength(1)
    expect(fake.requests).toHaveLength(0)
    const audits = await auditsOf(carrier.id)
    expect(audits.at(-1)!.details).toEqual({
      apiEndpoint: moved.url,
      previousEndpoint: fake.url,
      endpointChanged: true,
      secretRotated: false,
    })
  })

  it('changes both at once, checking the new endpoint against the SSRF guard first', async () => {
    const { carrier, fake, secret } = await connected()
    const blocked = await update(carrier.id, { apiEndpoint: 'https://10.0.0.5/in', rotateSecret: true })
    expect(blocked.statusCode).toBe(400)
    expect(blocked.json().errors).toEqual([
      { path: 'apiEndpoint', message: CONNECTION_TEXTS.endpointPrivate },
    ])
    expect(await stored(carrier.id)).toEqual({ apiEndpoint: fake.url, secret })

    const { fake: moved } = await fakeCarrier()
    const both = await update(carrier.id, { apiEndpoint: moved.url, rotateSecret: true })
    expect(both.statusCode, both.body).toBe(200)
    expect(both.json().secret).not.toBe(secret)
    expect(await stored(carrier.id)).toEqual({ apiEndpoint: moved.url, secret: both.json().secret })
  })

  it('clears the endpoint when given empty, keeping the secret', async () => {
    const { carrier, secret } = await connected()
    const response = await update(carrier.id, { apiEndpoint: '' })
    expect(response.json()).toMatchObject({ apiEndpoint: null, hasSecret: true })
    expect(await stored(carrier.id)).toEqual({ apiEndpoint: null, secret })
  })

  it('refuses a first connection without an endpoint, on the endpoint field, writing nothing', async () => {
    const carrier = await addCarrier(harness.test, user, 'api')
    for (const payload of [
      { rotateSecret: true },
      { apiEndpoint: null, rotateSecret: true },
      { apiEndpoint: '' },
    ]) {
      const response = await update(carrier.id, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json()).toEqual({
        message: CONNECTION_TEXTS.endpointRequired,
        errors: [{ path: 'apiEndpoint', message: CONNECTION_TEXTS.endpointRequired }],
      })
    }
    expect(await stored(carrier.id)).toBeNull()
    expect(await auditsOf(carrier.id)).toHaveLength(0)
  })

  it('refuses a body that changes nothing', async () => {
    const { carrier, fake, secret } = await connected()
    for (const payload of [{}, { rotateSecret: false }]) {
      const response = await update(carrier.id, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().message).toBe(CONNECTION_TEXTS.nothingToChange)
    }
    expect(await stored(carrier.id)).toEqual({ apiEndpoint: fake.url, secret })
  })

  it('answers a save of the same endpoint without writing or auditing it again', async () => {
    const { carrier, fake } = await connected()
    const response = await update(carrier.id, { apiEndpoint: fake.url })
    expect(response.json()).toMatchObject({ apiEndpoint: fake.url, hasSecret: true })
    expect(response.json()).not.toHaveProperty('secret')
    expect(await auditsOf(carrier.id)).toHaveLength(1)
  })

  it('lets only admins change a connection', async () => {
    const admin = await signUpProfessional(harness.test)
    const { carrier, fake, secret } = await connected(admin)
    await setUserRole(harness.test.db, admin.email, 'agent')
    const agent = { ...admin, cookie: await signIn(harness.test, admin) }
    for (const payload of [{ rotateSecret: true }, { apiEndpoint: 'https://api.elsewhere.example/in' }]) {
      const response = await update(carrier.id, payload, agent)
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ message: GENERIC_MESSAGES.forbidden })
    }
    expect(await stored(carrier.id, agent)).toEqual({ apiEndpoint: fake.url, secret })
  })

  it('keeps another agency out of the connection', async () => {
    const { carrier, fake, secret } = await connected()
    const other = await signUpProfessional(harness.test)
    const response = await update(carrier.id, { rotateSecret: true }, other)
    expect(response.statusCode).toBe(404)
    expect(await stored(carrier.id)).toEqual({ apiEndpoint: fake.url, secret })
    expect(
      await harness.test.db
        .select()
        .from(carrierConnections)
        .where(eq(carrierConnections.carrierId, carrier.id)),
    ).toHaveLength(1)
  })
})
