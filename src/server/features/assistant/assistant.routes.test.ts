import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ASSISTANT_TEXTS, TITLE_LENGTH } from '#shared/contracts/assistant.contract.ts'
import { ask, askStreamed } from '#test/assistant-calls.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { aiConversations, aiMessages } from './assistant.table.ts'

let test: TestApp
let user: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  user = await signUp(test)
})
afterAll(() => test.close())

const post = (url: string, payload: unknown, cookie = user.cookie) =>
  test.request({ method: 'POST', url, cookie, payload: payload as Record<string, unknown> })

describe('POST /api/ai/conversations', () => {
  it('starts a conversation of the given type, and refuses a type outside the list', async () => {
    const created = await post('/api/ai/conversations', {
      conversationType: 'troubleshooting',
      metadata: { page: '/clients' },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      conversationType: 'troubleshooting',
      title: '',
      messages: [],
      metadata: { page: '/clients' },
    })
    for (const conversationType of ['chat', '', 42]) {
      const refused = await post('/api/ai/conversations', { conversationType })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors).toEqual([
        { path: 'conversationType', message: ASSISTANT_TEXTS.conversationType },
      ])
    }
  })
})

describe('POST /api/ai/messages', () => {
  it('refuses a blank message, storing nothing', async () => {
    const before = await test.db.select().from(aiMessages)
    for (const content of ['', '   ', '\n\t']) {
      const response = await post('/api/ai/messages', { content })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors).toEqual([{ path: 'content', message: ASSISTANT_TEXTS.blankMessage }])
    }
    expect((await post('/api/ai/messages', {})).statusCode).toBe(400)
    expect((await post('/api/ai/messages', { content: 'hi', messageType: 'image' })).statusCode).toBe(400)
    expect((await post('/api/ai/messages', { content: 'hi', conversationType: 'gossip' })).statusCode).toBe(
      400,
    )
    expect(await test.db.select().from(aiMessages)).toHaveLength(before.length)
  })

  it('starts a conversation with the first message, titled with its first 50 characters', async () => {
    const content = 'How do I import my clients from the old spreadsheet we used last year?'
    const { body } = await ask(test, user, content)
    const [conversation] = await test.db
      .select()
      .from(aiConversations)
      .where(eq(aiConversations.id, body.conversationId))
    expect(conversation?.title).toBe(content.slice(0, TITLE_LENGTH))
    expect(conversation?.title).toHaveLength(50)
    expect(body.userMessage).toMatchObject({ role: 'user', content, answeredBy: null })
    expect(body.reply).toMatchObject({ role: 'assistant', answeredBy: 'built_in' })

    // A later message keeps the title and joins the conversation.
    await ask(test, user, 'And what about duplicates?', body.conversationId)
    const read = await test.request({
      method: 'GET',
      url: `/api/ai/conversations/${body.conversationId}`,
      cookie: user.cookie,
    })
    expect(read.json().title).toBe(content.slice(0, TITLE_LENGTH))
    expect(read.json().messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ])
  })

  it('titles a conversation created without a title from its first message', async () => {
    const created = await post('/api/ai/conversations', { conversationType: 'advice' })
    await ask(test, user, '  What plans are there?  ', created.json().id)
    const list = await test.request({ method: 'GET', url: '/api/ai/conversations', cookie: user.cookie })
    expect(list.json()[0]).toMatchObject({ id: created.json().id, title: 'What plans are there?' })
  })

  it('streams the same answer as JSON lines when asked to', async () => {
    const events = await askStreamed(test, user, 'Is there an audit trail?')
    expect(events.map((event) => event.type)).toEqual(['start', 'delta', 'done'])
    const done = events[2] as { reply: { content: string; citations: unknown[] } }
    expect(done.reply.content).toContain('Every change, sign-in and view of sensitive data is recorded')
    expect(done.reply.citations[0]).toEqual({
      title: 'Is there an audit trail?',
      url: '/faq#faq-audit-trail',
    })
  })

  it('names the built-in assistant so the widget can label it', async () => {
    const info = await test.request({ method: 'GET', url: '/api/ai/assistant', cookie: user.cookie })
    expect(info.json()).toEqual({ kind: 'built_in', label: ASSISTANT_TEXTS.builtInLabel })
  })
})

describe('a conversation is its user’s own', () => {
  it('answers 404 for a colleague’s conversation, to read or to write in, and lists only one’s own', async () => {
    const { body } = await ask(test, user, 'A private question')
    const colleague = await addAgent(test, user.user.agencyId)
    const read = await test.request({
      method: 'GET',
      url: `/api/ai/conversations/${body.conversationId}`,
      cookie: colleague.cookie,
    })
    expect(read.statusCode).toBe(404)
    expect(read.json()).toEqual({ message: 'Not found' })
    const write = await post(
      '/api/ai/messages',
      { conversationId: body.conversationId, content: 'Me too' },
      colleague.cookie,
    )
    expect(write.statusCode).toBe(404)
    const stored = await test.db
      .select()
      .from(aiMessages)
      .where(eq(aiMessages.conversationId, body.conversationId))
    expect(stored.map((m) => m.content)).not.toContain('Me too')
    const list = await test.request({ method: 'GET', url: '/api/ai/conversations', cookie: colleague.cookie })
    expect(list.json()).toEqual([])
  })

  it('answers 404 for another agency’s conversation and suggestion', async () => {
    await expectOtherAgencyGets404(test, [
      {
        method: 'GET',
        url: (id) => `/api/ai/conversations/${id}`,
        create: async (app, owner) => (await ask(app, owner, 'Mine')).body.conversationId,
      },
      {
        method: 'PATCH',
        url: (id) => `/api/ai/form-suggestions/${id}`,
        payload: { isAccepted: true },
        create: async (app, owner) => {
          const generated = await app.request({
            method: 'POST',
            url: '/api/ai/form-suggestions/generate',
            cookie: owner.cookie,
            payload: { formType: 'client', formData: { zipCode: '90210' } },
          })
          return generated.json().suggestions[0].id
        },
      },
    ])
  })
})
