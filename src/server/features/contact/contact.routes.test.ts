import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import { MAIL_JOB } from '#server/platform/mail.ts'
import { CONTACT_HOURLY_LIMIT, CONTACT_TEXTS as T } from '#shared/contracts/contact.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp, uniqueEmail } from '#test/factories.ts'
import { queuedMailTo } from '#test/recorded.ts'
import { contactMessages } from './contact.table.ts'

const SUPPORT = 'help@backoffice.test'
let test: TestApp
beforeAll(async () => {
  test = await buildTestApp({ env: { SUPPORT_EMAIL: SUPPORT } })
})
afterAll(() => test.close())

let address = 0
/** Each test writes from its own address, so the hourly limit of one does not reach another. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Dana Whitfield',
    email: uniqueEmail('sender'),
    subject: 'Cannot find my import',
    category: 'support',
    priority: 'high',
    message: 'The import I ran this morning is not in Recent imports.',
    ...overrides,
  }
}

function send(payload: unknown, options: { cookie?: string; remoteAddress?: string } = {}) {
  return test.request({
    method: 'POST',
    url: '/api/contact',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.remoteAddress ?? nextAddress(),
    ...(options.cookie ? { cookie: options.cookie } : {}),
  })
}

async function storedWith(email: string) {
  return test.db.select().from(contactMessages).where(eq(contactMessages.email, email))
}

describe('POST /api/contact', () => {
  it('stores a visitor’s message, mails it to support and sends the sender a reference', async () => {
    const input = message({ phone: '555-0100', company: 'Whitfield Insurance', consentToFollow: 'false' })
    const response = await send(input)
    expect(response.statusCode, response.body).toBe(201)
    const { reference, success, message: text } = response.json()
    expect(success).toBe(true)
    expect(text).toBe(T.sent)
    expect(reference).toMatch(/^SUP-[0-9A-HJKMNP-TV-Z]{8}$/)

    const [row] = await storedWith(input.email)
    expect(row).toMatchObject({
      reference,
      agencyId: null,
      userId: null,
      name: 'Dana Whitfield',
      phone: '555-0100',
      company: 'Whitfield Insurance',
      category: 'support',
      priority: 'high',
      consentToFollow: false,
      status: 'open',
    })
    const [toSupport] = await queuedMailTo(test, SUPPORT)
    expect(toSupport?.subject).toBe(`[${reference}] High · Technical Support: Cannot find my import`)
    const [confirmation] = await queuedMailTo(test, input.email)
    expect(confirmation?.subject).toBe(`We received your message (${reference})`)

    const [event] = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'contact.message_sent'), eq(auditEvents.entityId, row!.id)))
    expect(event).toMatchObject({ agencyId: null, actorUserId: null })
  })

  it('ties a signed-in sender’s message and confirmation to their agency', async () => {
    const agent = await signUp(test)
    const input = message({ email: agent.email, currentPlan: 'free', agentId: 'AG-7' })
    const response = await send(input, { cookie: agent.cookie })
    expect(response.statusCode, response.body).toBe(201)
    const [row] = await storedWith(agent.email)
    expect(row).toMatchObject({ agencyId: agent.user.agencyId, userId: agent.user.id, currentPlan: 'free' })
    const confirmations = await test.db.select().from(jobs).where(eq(jobs.type, MAIL_JOB))
    const mine = confirmations.find((job) => (job.payload as { to: string }).to === agent.email)
    expect(mine?.agencyId).toBe(agent.user.agencyId)
  })

  it('names each of the six fields that are wrong', async () => {
    const response = await send({})
    expect(response.statusCode).toBe(400)
    const errors = Object.fromEntries(
      (response.json().errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    )
    expect(errors).toEqual({
      name: T.name,
      email: T.email,
      subject: T.subject,
      category: T.category,
      priority: T.priority,
      message: T.message,
    })
  })

  it('accepts a name of 2, a subject of 5 and a message of 20 characters, and refuses 1, 4 and 19', async () => {
    const shortest = message({ name: 'Jo', subject: 'Hello', message: 'x'.repeat(20) })
    expect((await send(shortest)).statusCode).toBe(201)
    for (const [field, value, text] of [
      ['name', 'J', T.name],
      ['subject', 'Hell', T.subject],
      ['message', 'x'.repeat(19), T.message],
      // Spaces around do not count.
      ['message', `  ${'x'.repeat(19)}  `, T.message],
    ] as const) {
      const response = await send(message({ [field]: value }))
      expect(response.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400)
      expect(response.json().errors).toEqual([{ path: field, message: text }])
    }
  })

  it('takes category and priority only from their lists', async () => {
    const response = await send(message({ category: 'sales', priority: 'critical', email: 'not-an-email' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'category', message: T.category },
        { path: 'priority', message: T.priority },
        { path: 'email', message: T.email },
      ]),
    )
    for (const category of ['support', 'bug', 'feature', 'billing', 'general'])
      expect((await send(message({ category, priority: 'low' }))).statusCode).toBe(201)
  })

  it('answers an empty or broken body with 400, never 500', async () => {
    for (const payload of [undefined, '', 'null', '[]', '{"name":']) {
      const response = await test.request({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      })
      expect(response.statusCode, String(payload)).toBe(400)
      expect(response.json().message).toEqual(expect.any(String))
    }
  })

  it('drops a message whose hidden field a bot filled, answering as if it were sent', async () => {
    const input = message({ website: 'http://spam.example' })
    const response = await send(input)
    expect(response.statusCode).toBe(201)
    expect(response.json().reference).toMatch(/^SUP-/)
    expect(await storedWith(input.email)).toEqual([])
    expect(await queuedMailTo(test, input.email)).toEqual([])
  })

  it(`takes ${CONTACT_HOURLY_LIMIT} messages an hour from one address, then says when to try again`, async () => {
    const remoteAddress = nextAddress()
    for (let i = 0; i < CONTACT_HOURLY_LIMIT; i++)
      expect((await send(message(), { remoteAddress })).statusCode).toBe(201)
    const refused = await send(message(), { remoteAddress })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ message: T.throttled.replace('{email}', SUPPORT) })
    expect(refused.headers['retry-after']).toBe('3600')
    // Another address is not held back.
    expect((await send(message())).statusCode).toBe(201)
  })

  it(`takes ${CONTACT_HOURLY_LIMIT} messages an hour from one email, whatever the address`, async () => {
    const email = uniqueEmail('busy')
    for (let i = 0; i < CONTACT_HOURLY_LIMIT; i++)
      expect((await send(message({ email: i % 2 ? email.toUpperCase() : email }))).statusCode).toBe(201)
    expect((await send(message({ email }))).statusCode).toBe(429)
  })
})

describe('GET /api/contact/info', () => {
  it('tells anyone where support is', async () => {
    const response = await test.request({ method: 'GET', url: '/api/contact/info' })
    expect(response.json()).toEqual({ supportEmail: SUPPORT, companyName: 'Agency Back Office' })
  })
})

describe('platform events', () => {
  it('keeps visitors’ events in the platform chain', async () => {
    const rows = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'contact.message_sent'), isNull(auditEvents.agencyId)))
    expect(rows.length).toBeGreaterThan(0)
  })
})
