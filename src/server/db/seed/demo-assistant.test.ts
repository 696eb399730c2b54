import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages } from '#server/features/contact/contact.table.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import { buildTestApp, TEST_CIPHER, type TestApp } from '#test/build-test-app.ts'
import { seedDemoData } from './index.ts'

let test: TestApp
let cookie: string

beforeAll(async () => {
  test = await buildTestApp()
  await seedDemoData(test.db, { cipher: TEST_CIPHER, storage: test.storage })
  const login = await test.request({ method: 'GET', url: '/api/auth/demo-login' })
  cookie = String(login.headers['set-cookie']).split(';')[0]!
})
afterAll(() => test.close())

describe('the demo agency’s assistant and support message', () => {
  it('has a conversation the built-in assistant answered from the demo’s own data', async () => {
    const get = (url: string) => test.request({ method: 'GET', url, cookie }).then((r) => r.json())
    const [conversation] = await get('/api/ai/conversations')
    expect(conversation.title).toBe('How many clients do I have?')
    const { messages } = await get(`/api/ai/conversations/${conversation.id}`)
    expect(messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ])
    const { total } = await get('/api/clients/summary')
    expect(messages[1].content).toMatch(new RegExp(`^You have ${total} clients;`))
    expect(messages[5].citations[0].url).toBe('/faq#guide-import-clients')
  })

  it('has a message for the support inbox, and mailed no one about it', async () => {
    const rows = await test.db.select().from(contactMessages)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ subject: 'Adding a second office to our account', status: 'open' })
    const mail = await test.db.select().from(jobs).where(eq(jobs.type, 'mail.send'))
    expect(mail.map((job) => (job.payload as { subject: string }).subject).join('\n')).not.toContain(
      rows[0]!.reference,
    )
  })
})
