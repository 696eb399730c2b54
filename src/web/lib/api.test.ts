import { describe, expect, it, vi } from 'vitest'
import { routeOf } from '#shared/contracts/call.ts'
import { markNotificationReadCall, unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { mockApi, stub } from '#web/testing/mock-api.ts'
import { ApiError, ApiResponseShapeError, buildUrl, callApi } from './api.ts'

describe('callApi', () => {
  it('fills path parameters and the query string', () => {
    expect(buildUrl('/api/notifications/:id/read', { id: 'a b' })).toBe('/api/notifications/a%20b/read')
    expect(buildUrl('/api/notifications', undefined, { limit: 20, q: undefined })).toBe(
      '/api/notifications?limit=20',
    )
  })

  it('sends same-origin credentials and no JSON content type without a body', async () => {
    const fetchMock = mockApi(stub(unreadCountCall, { body: { unreadCount: 3 } }))
    expect(await callApi(unreadCountCall)).toEqual({ unreadCount: 3 })
    const init = fetchMock.mock.calls[0]?.[1]
    expect(init?.credentials).toBe('same-origin')
    expect(init?.headers).not.toHaveProperty('Content-Type')
  })

  it('throws an ApiError with the status, message and field errors', async () => {
    mockApi(
      stub(markNotificationReadCall, {
        status: 400,
        body: { message: 'Invalid input', errors: [{ path: 'id', message: 'Not found' }] },
      }),
    )
    const error = await callApi(markNotificationReadCall, { params: { id: 'x' } }).catch((caught) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      fieldErrors: [{ path: 'id', message: 'Not found' }],
    })
  })

  it('keeps the spec shape "status: text" when the body is not an error body', async () => {
    const fetchMock = mockApi()
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }))
    await expect(callApi(unreadCountCall)).rejects.toMatchObject({ status: 502, message: '502: Bad gateway' })
  })

  it('sends a call again after the wait a busy server asks for, and gives up after three tries', async () => {
    vi.useFakeTimers()
    try {
      const busy = () =>
        new Response(JSON.stringify({ message: 'busy' }), { status: 503, headers: { 'retry-after': '1' } })
      const fetchMock = mockApi()
      fetchMock
        .mockResolvedValueOnce(busy())
        .mockResolvedValueOnce(new Response(JSON.stringify({ unreadCount: 4 }), { status: 200 }))
      const answer = callApi(unreadCountCall)
      await vi.advanceTimersByTimeAsync(1500)
      await expect(answer).resolves.toEqual({ unreadCount: 4 })
      expect(fetchMock).toHaveBeenCalledTimes(2)

      fetchMock.mockReset()
      fetchMock.mockImplementation(async () => busy())
      const refused = callApi(unreadCountCall).catch((caught) => caught)
      await vi.advanceTimersByTimeAsync(10_000)
      expect(await refused).toMatchObject({ status: 503, message: 'busy' })
      expect(fetchMock).toHaveBeenCalledTimes(4)
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers the JSON the server sent, which the server checked against the contract', async () => {
    mockApi(stub(unreadCountCall, { body: { unreadCount: 3 } }))
    await expect(callApi(unreadCountCall)).resolves.toEqual({ unreadCount: 3 })
  })

  it('calls a route the same way as its contract', async () => {
    const fetchMock = mockApi(stub(unreadCountCall, { body: { unreadCount: 2 } }))
    const route = routeOf<typeof unreadCountCall>('GET', '/api/notifications/unread-count')
    await expect(callApi(route)).resolves.toEqual({ unreadCount: 2 })
    expect(fetchMock).toHaveBeenCalledOnce()
  })

  it('refuses an ok answer that is not JSON (a proxy or portal page)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Sign in to the Wi-Fi</html>', { status: 200 })),
    )
    await expect(callApi(unreadCountCall)).rejects.toBeInstanceOf(ApiResponseShapeError)
  })
})
