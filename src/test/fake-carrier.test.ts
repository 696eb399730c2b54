import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  DELIVERY_HEADERS,
  nowSeconds,
  sign,
  verifySignature,
  WEBHOOK_HEADERS,
} from '#server/features/carrier-delivery/signing.service.ts'
import { type FakeCarrier, signedWebhook, startFakeCarrier } from './fake-carrier.ts'

const SECRET = 'whsec_test'
let fake: FakeCarrier

beforeEach(async () => {
  fake = await startFakeCarrier({ secret: SECRET })
})
afterEach(async () => {
  await fake.close()
})

/** A delivery signed the way ours are; `secret` lets a test sign with the wrong one. */
function deliver(body: object, key: string, options: { secret?: string; timeoutMs?: number } = {}) {
  const raw = JSON.stringify(body)
  const timestamp = nowSeconds()
  return fetch(fake.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [DELIVERY_HEADERS.timestamp]: String(timestamp),
      [DELIVERY_HEADERS.signature]: sign(options.secret ?? SECRET, timestamp, raw),
      [DELIVERY_HEADERS.idempotencyKey]: key,
    },
    body: raw,
    signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
  })
}

describe('fake carrier', () => {
  it('accepts a signed delivery with a numbered confirmation', async () => {
    const res = await deliver({ applicationId: 'app-1' }, 'key-1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ confirmationNumber: 'FC-000001', status: 'received' })
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/submissions$/)
    expect(fake.accepted).toEqual([
      { key: 'key-1', body: { applicationId: 'app-1' }, confirmationNumber: 'FC-000001' },
    ])
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/submissions', key: 'key-1' })
    expect(fake.requests[0]?.rawBody).toBe('{"applicationId":"app-1"}')
  })

  it('refuses a wrong or missing signature with 401 and records nothing accepted', async () => {
    const wrong = await deliver({ applicationId: 'app-1' }, 'key-1', { secret: 'other' })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ error: 'bad signature' })
    const unsigned = await fetch(fake.url, { method: 'POST', body: '{}' })
    expect(unsigned.status).toBe(401)
    expect(fake.accepted).toEqual([])
    expect(fake.requests).toHaveLength(2)
  })

  it('answers a repeated idempotency key with the first answer and keeps one record', async () => {
    const first = await (await deliver({ applicationId: 'app-1' }, 'key-1')).json()
    const again = await deliver({ applicationId: 'app-1' }, 'key-1')
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(first)
    const other = await (await deliver({ applicationId: 'app-2' }, 'key-2')).json()
    expect(other).toEqual({ confirmationNumber: 'FC-000002', status: 'received' })
    expect(fake.accepted.map((each) => each.key)).toEqual(['key-1', 'key-2'])
    expect(fake.requests).toHaveLength(3)
  })

  it('plays scripted statuses in order, then answers normally again', async () => {
    fake.script([{ status: 500, body: { error: 'down' } }, { status: 429 }])
    const failed = await deliver({}, 'key-1')
    expect(failed.status).toBe(500)
    expect(await failed.json()).toEqual({ error: 'down' })
    expect((await deliver({}, 'key-1')).status).toBe(429)
    const res = await deliver({}, 'key-1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ confirmationNumber: 'FC-000001', status: 'received' })
    expect(fake.accepted).toHaveLength(1)
  })

  it('delays a scripted answer, then answers normally', async () => {
    fake.script([{ delayMs: 150 }])
    const started = Date.now()
    const res = await deliver({}, 'key-1')
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    expect(res.status).toBe(200)
    expect(fake.accepted).toHaveLength(1)
  })

  it('drops the connection when scripted to destroy', async () => {
    fake.script([{ destroy: true }])
    await expect(deliver({}, 'key-1')).rejects.toThrow(TypeError)
    expect(fake.requests).toHaveLength(1)
    expect(fake.accepted).toEqual([])
  })

  it('never answers when scripted to hang, so the client times out, and still closes', async () => {
    fake.script([{ hang: true }])
    await expect(deliver({}, 'key-1', { timeoutMs: 200 })).rejects.toMatchObject({ name: 'TimeoutError' })
    fake.script([{ hang: true }])
    const pending = deliver({}, 'key-2').catch((error: unknown) => error)
    await fake.waitForRequests(2, 2_000)
    await fake.close()
    expect(await pending).toBeInstanceOf(TypeError)
    expect(fake.accepted).toEqual([])
  })

  it('waits for requests, and fails the wait when they do not come', async () => {
    const waiting = fake.waitForRequests(2, 2_000)
    await deliver({}, 'key-1')
    await deliver({}, 'key-2')
    expect((await waiting).map((each) => each.key)).toEqual(['key-1', 'key-2'])
    await expect(fake.waitForRequests(3, 50)).rejects.toThrow('got 2 of 3 requests')
  })
})

describe('signedWebhook', () => {
  it('signs the payload with the carrier webhook headers', () => {
    const { payload, headers } = signedWebhook(SECRET, { status: 'approved' }, 1_700_000_000)
    expect(payload).toBe('{"status":"approved"}')
    expect(headers['content-type']).toBe('application/json')
    expect(headers[WEBHOOK_HEADERS.timestamp]).toBe('1700000000')
    const signature = headers[WEBHOOK_HEADERS.signature] ?? ''
    expect(verifySignature(SECRET, 1_700_000_000, payload, signature)).toBe(true)
  })
})
