import { describe, expect, it } from 'vitest'
import { markNotificationReadCall, unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { mockApi } from '#web/testing/mock-api.ts'
import { ApiError, ApiResponseShapeError, buildUrl, callApi } from './api.ts'

describe('callApi', () => {
  it('fills path parameters and the query string', () => {
    expect(buildUrl('/api/notifications/:id/read', { id: 'a b' })).toBe('/api/notifications/a%20b/read')
    expect(buildUrl('/api/notifications', undefined, { limit: 20, q: undefined })).toBe(
      '/api/notifications?limit=20',
    )
  })

  it('sends same-origin credentials and no JSON content type without a body', async () => {
    const fetchMock = mockApi({ 'GET /api/notifications/unread-count': { body: { unreadCount: 3 } } })
    expect(await callApi(unreadCountCall)).toEqual({ unreadCount: 3 })
    const init = fetchMock.mock.calls[0]?.[1]
    expect(init?.credentials).toBe('same-origin')
    expect(init?.headers).not.toHaveProperty('Content-Type')
  })

  it('throws an ApiError with the status, message and field errors', async () => {
    mockApi({
      'POST /api/notifications/x/read': {
        status: 400,
        body: { message: 'Invalid input', errors: [{ path: 'id', message: 'Not found' }] },
      },
    })
    const error = await callApi(markNotificationReadCall, { params: { id: 'x' } }).catch((caught) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      fieldErrors: [{ path: 'id', message: 'Not found' }],
    })
  })

  it('keeps the spec shape "status: text" when the body is not an error body', async () => {
    const fetchMock = mockApi({})
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }))
    await expect(callApi(unreadCountCall)).rejects.toMatchObject({ status: 502, message: '502: Bad gateway' })
  })

  it('refuses an answer that does not match the contract', async () => {
    mockApi({ 'GET /api/notifications/unread-count': { body: { count: 1 } } })
    await expect(callApi(unreadCountCall)).rejects.toBeInstanceOf(ApiResponseShapeError)
  })
})
