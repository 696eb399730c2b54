import type { Client, ClientListItem } from '#shared/contracts/clients.contract.ts'
import { type MockAnswer, mockApi, SAMPLE_USER } from '#web/testing/mock-api.ts'

type Handler = MockAnswer | ((request: { url: URL; body: unknown }) => MockAnswer)

export const CLIENT_ID = '0b6f3c1e-2222-4b4b-8c8c-000000000001'

export function listItem(overrides: Partial<ClientListItem> = {}): ClientListItem {
  return {
    id: CLIENT_ID,
    firstName: 'Maria',
    lastName: 'Gonzalez',
    email: 'maria.gonzalez@example.com',
    phone: '(555) 010-2000',
    city: 'Sacramento',
    state: 'CA',
    createdAt: '2026-11-21T15:00:00.000Z',
    applicationCount: 0,
    ...overrides,
  }
}

/** The contract types sensitive fields as strings, but the server answers null when none is on file. */
const NOT_ON_FILE = null as unknown as string

export function fullClient(overrides: Partial<Client> = {}): Client {
  return {
    id: CLIENT_ID,
    firstName: 'Maria',
    lastName: 'Gonzalez',
    email: 'maria.gonzalez@example.com',
    phone: '(555) 010-2000',
    dateOfBirth: '1984-03-12',
    address: '100 Oak Street',
    city: 'Sacramento',
    state: 'CA',
    zipCode: '95814',
    maritalStatus: 'Married',
    budgetRange: '100_200',
    accidentsLast5Years: 1,
    violationsLast5Years: 0,
    smoker: false,
    ssn: '***-**-6789',
    spouseSsn: NOT_ON_FILE,
    driversLicenseNumber: '****4321',
    mortgageAccount: NOT_ON_FILE,
    createdAt: '2026-11-21T15:00:00.000Z',
    updatedAt: '2026-11-21T15:00:00.000Z',
    applicationCount: 0,
    ...overrides,
  }
}

/** The signed-in shell plus the clients calls; `handlers` override or add calls. */
export function mockClientsApi(handlers: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/auth/user': { body: SAMPLE_USER },
    'GET /api/notifications/unread-count': { body: { unreadCount: 0 } },
    'GET /api/clients': { body: { data: [listItem()], nextCursor: null } },
    'GET /api/clients/summary': { body: { total: 12, active: 12, newThisMonth: 3 } },
    [`GET /api/clients/${CLIENT_ID}`]: { body: fullClient() },
    ...handlers,
  })
}

/** The requests the page made for one 'METHOD /path'. */
export function requestsTo(fetchMock: ReturnType<typeof mockApi>, method: string, pathname: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === pathname)
    .map(({ url, init }) => ({
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }))
}
