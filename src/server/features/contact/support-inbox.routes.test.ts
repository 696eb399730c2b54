import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { CONTACT_TEXTS } from '#shared/contracts/contact.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signIn, signUp, uniqueEmail } from '#test/factories.ts'
import { queuedMailTo } from '#test/recorded.ts'
import { setUserRole } from '../auth/auth.service.ts'

let test: TestApp
let staff: string
let agent: SignedInUser
let messageId: string
let reference: string
const sender = uniqueEmail('writer')

beforeAll(async () => {
  test = await buildTestApp()
  const admin = await signUp(test, { firstName: 'Sam', lastName: 'Support' })
  await setUserRole(test.db, admin.email, 'platform_admin')
  staff = await signIn(test, admin)
  agent = await signUp(test)
  const sent = await test.request({
    method: 'POST',
    url: '/api/contact',
    payload: {
      name: 'Lee Visitor',
      email: sender,
      subject: 'Question about plans',
      category: 'billing',
      priority: 'medium',
      message: 'Can I move from Starter to Professional mid-month?',
    },
  })
  reference = sent.json().reference
  const list = await test.request({ method: 'GET', url: '/api/support/messages', cookie: staff })
  messageId = list.json().data.find((row: { reference: string }) => row.reference === reference).id
})
afterAll(() => test.close())

describe('the support inbox', () => {
  it('is for platform staff only: 401 signed out, 403 for an agency user', async () => {
    for (const [method, url] of [
      ['GET', '/api/support/messages'],
      ['GET', `/api/support/messages/${messageId}`],
      ['POST', `/api/support/messages/${messageId}/replies`],
      ['PATCH', `/api/support/messages/${messageId}`],
    ] as const) {
      const payload = method === 'GET' ? {} : { payload: { message: 'Hi', status: 'closed' } }
      expect((await test.request({ method, url, ...payload })).statusCode).toBe(401)
      expect((await test.request({ method, url, cookie: agent.cookie, ...payload })).statusCode).toBe(403)
    }
  })

  it('lists open messages newest first, with the sender and no agency for a visitor', async () => {
    const response = await test.request({ method: 'GET', url: '/api/support/messages', cookie: staff })
    expect(response.statusCode).toBe(200)
    expect(response.json().data[0]).toMatchObject({
      id: messageId,
      reference,
      name: 'Lee Visitor',
      email: sender,
      category: 'billing',
      priority: 'medium',
      status: 'open',
      agencyName: null,
    })
  })

  it('shows a message and records that staff read it', async () => {
    const response = await test.request({
      method: 'GET',
      url: `/api/support/messages/${messageId}`,
      cookie: staff,
    })
    expect(response.json()).toMatchObject({
      message: 'Can I move from Starter to Professional mid-month?',
      consentToFollow: true,
      replies: [],
    })
    const reads = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'support.message_viewed'), eq(auditEvents.entityId, messageId)))
    expect(reads).toHaveLength(1)
    expect(reads[0]?.agencyId).toBeNull()
  })

  it('answers: the reply is kept, mailed to the sender, and the message is answered', async () => {
    const blank = await test.request({
      method: 'POST',
      url: `/api/support/messages/${messageId}/replies`,
      cookie: staff,
      payload: { message: '   ' },
    })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().errors).toEqual([{ path: 'message', message: CONTACT_TEXTS.replyRequired }])

    const response = await test.request({
      method: 'POST',
      url: `/api/support/messages/${messageId}/replies`,
      cookie: staff,
      payload: { message: 'Yes: the new plan starts at once and its quota applies this month.' },
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({
      status: 'answered',
      replies: [
        {
          message: 'Yes: the new plan starts at once and its quota applies this month.',
          authorName: 'Sam Support',
        },
      ],
    })
    const mail = await queuedMailTo(test, sender)
    expect(mail.map((m) => m.subject)).toContain(`Re: Question about plans (${reference})`)
    const open = await test.request({ method: 'GET', url: '/api/support/messages', cookie: staff })
    expect(open.json().data.map((row: { id: string }) => row.id)).not.toContain(messageId)
    const answered = await test.request({
      method: 'GET',
      url: '/api/support/messages?status=answered',
      cookie: staff,
    })
    expect(answered.json().data.map((row: { id: string }) => row.id)).toContain(messageId)
  })

  it('closes a message, and answers 404 for one that does not exist', async () => {
    const closed = await test.request({
      method: 'PATCH',
      url: `/api/support/messages/${messageId}`,
      cookie: staff,
      payload: { status: 'closed' },
    })
    expect(closed.json().status).toBe('closed')
    const missing = await test.request({
      method: 'GET',
      url: '/api/support/messages/00000000-0000-4000-8000-000000000000',
      cookie: staff,
    })
    expect(missing.statusCode).toBe(404)
  })
})
