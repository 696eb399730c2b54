import { expect } from 'vitest'
import type { StreamEvent } from '#shared/contracts/assistant.contract.ts'
import type { TestApp } from './build-test-app.ts'
import type { SignedInUser } from './factories.ts'

/** Asks the assistant through the API as the widget does (streamed), answering the events. */
export async function askStreamed(
  test: TestApp,
  user: SignedInUser,
  content: string,
  conversationId?: string,
): Promise<StreamEvent[]> {
  const response = await test.request({
    method: 'POST',
    url: '/api/ai/messages',
    cookie: user.cookie,
    headers: { accept: 'application/x-ndjson' },
    payload: { content, ...(conversationId ? { conversationId } : {}) },
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toContain('application/x-ndjson')
  return response.body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StreamEvent)
}

/** Asks with a plain JSON answer; answers the reply's text and the whole body. */
export async function ask(test: TestApp, user: SignedInUser, content: string, conversationId?: string) {
  const response = await test.request({
    method: 'POST',
    url: '/api/ai/messages',
    cookie: user.cookie,
    payload: { content, ...(conversationId ? { conversationId } : {}) },
  })
  expect(response.statusCode, response.body).toBe(200)
  const body = response.json()
  return { text: body.reply.content as string, body }
}

/** A client of the agency through the real endpoint; answers its id. */
export async function addClient(test: TestApp, user: SignedInUser, overrides: Record<string, unknown> = {}) {
  const response = await test.request({
    method: 'POST',
    url: '/api/clients',
    cookie: user.cookie,
    payload: {
      firstName: 'Rosa',
      lastName: 'Delgado',
      email: `rosa-${Math.random().toString(36).slice(2)}@client.test`,
      phone: '555-301-2200',
      dateOfBirth: '1979-05-14',
      address: '12 Harbor Road',
      city: 'Galveston',
      state: 'TX',
      zipCode: '77550',
      ...overrides,
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as string
}
