import {
  type Client,
  type ClientListItem,
  clientSummaryCall,
  getClientCall,
  listClientsCall,
} from '#shared/contracts/clients.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'

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
    spouseSsn: null,
    driversLicenseNumber: '****4321',
    mortgageAccount: null,
    createdAt: '2026-11-21T15:00:00.000Z',
    updatedAt: '2026-11-21T15:00:00.000Z',
    applicationCount: 0,
    ...overrides,
  }
}

/** The signed-in shell plus the clients calls; `handlers` override or add calls. */
export function mockClientsApi(...handlers: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listClientsCall, { body: { data: [listItem()], nextCursor: null } }),
    stub(clientSummaryCall, { body: { total: 12, active: 12, newThisMonth: 3 } }),
    stub(getClientCall, { body: fullClient() }),
    ...handlers,
  )
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
