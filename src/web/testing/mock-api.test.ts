import { describe, expect, it } from 'vitest'
import { getClientCall } from '#shared/contracts/clients.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { mockApi, stub, stubFile, takeStubMismatches } from './mock-api.ts'

describe('mockApi', () => {
  it('refuses a stub whose answer its contract refuses, naming the call and the field', () => {
    const stale = { unreadCount: 'three' } as unknown as { unreadCount: number }
    expect(() => stub(unreadCountCall, { body: stale })).toThrow(
      /GET \/api\/notifications\/unread-count[\s\S]*unreadCount/,
    )
    expect(takeStubMismatches()).toHaveLength(1)
  })

  it('checks a handler’s answer when the call is made, and keeps the failure for the test', async () => {
    mockApi(stub(unreadCountCall, () => ({ body: {} as { unreadCount: number } })))
    await expect(fetch('/api/notifications/unread-count')).rejects.toThrow(/unread-count/)
    expect(takeStubMismatches()).toHaveLength(1)
  })

  it('matches path parameters, prefers a literal path, and lets a later stub replace an earlier one', async () => {
    mockApi(
      stub(unreadCountCall, { body: { unreadCount: 1 } }),
      stub(unreadCountCall, { body: { unreadCount: 2 } }),
      stubFile('GET', '/api/clients/export', { body: 'csv' }),
      stub(getClientCall, ({ params }) => ({ status: 404, body: { message: `No ${params.id}` } })),
    )
    expect(await (await fetch('/api/notifications/unread-count')).json()).toEqual({ unreadCount: 2 })
    expect(await (await fetch('/api/clients/export')).json()).toBe('csv')
    const missing = await fetch('/api/clients/c9')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: 'No c9' })
    expect((await fetch('/api/unknown')).status).toBe(404)
  })
})
