import { vi } from 'vitest'
import type { CurrentUser } from '#shared/contracts/auth.contract.ts'

export interface MockAnswer {
  status?: number
  body?: unknown
}

/** A function may answer later, or never (a request still loading). */
type Handler = MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer | Promise<MockAnswer>)

/**
 * Replaces fetch with answers keyed by 'METHOD /path'. Answers the mock so a test can read the
 * requests that were made; an unknown call answers 404 so a missing stub shows up as a failure.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const handler = handlers[`${method} ${url.pathname}`]
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    const answer =
      typeof handler === 'function'
        ? await handler({ url, body })
        : (handler ?? { status: 404, body: { message: 'Not found' } })
    const status = answer.status ?? 200
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

export const SAMPLE_USER: CurrentUser = {
  id: '7c1f5e8e-1111-4a4a-9a9a-000000000001',
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  title: 'Insurance Agent',
  role: 'agency_admin',
  agencyId: 'a1',
  agencyName: 'Reyes Insurance',
  tenantId: 'a1',
  organizationId: 'a1',
  subscriptionTier: 'free',
  subscriptionStatus: 'active',
  monthlyApplicationLimit: 5,
  applicationsUsedThisMonth: 0,
}

export const UNAUTHORIZED: MockAnswer = { status: 401, body: { message: 'Unauthorized' } }
