import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createApplicationCall, listApplicationsCall } from '#shared/contracts/applications.contract.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { createClientCall } from '#shared/contracts/clients.contract.ts'
import { bookFiguresCall, dashboardStatsCall, topCarriersCall } from '#shared/contracts/dashboard.contract.ts'
import { DASHBOARD_TEXTS } from '#shared/contracts/dashboard-texts.ts'
import {
  CLIENT_ID,
  mockApplicationsApi,
  sampleApplication,
  sampleListItem,
} from '#web/features/applications/applications.test-support.ts'
import { walkToCarriers, wizardDialog } from '#web/features/applications/wizard/wizard.test-support.ts'
import {
  bulkSubmissionHandlers,
  RECOMMENDATIONS,
  sampleResult,
  submitToAllRecommended,
} from '#web/features/bulk-submission/bulk-submission.test-support.tsx'
import { fullClient } from '#web/features/clients/clients.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

const STATS = {
  total: 1234,
  pending: 7,
  approved: 40,
  clients: 12,
  changes: { total: 12, pending: -3, approvalRate: 8, clients: null },
}

describe('Dashboard', () => {
  it('shows the four statistics with change notes from the server', async () => {
    mockApplicationsApi(stub(dashboardStatsCall, { body: STATS }))
    renderApp('/')
    expect(await screen.findByText('1,234')).toBeInTheDocument()
    for (const label of ['Total Applications', 'Pending Review', 'Approved', 'Active Clients']) {
      expect(screen.getByRole('heading', { name: label })).toBeInTheDocument()
    }
    expect(screen.getByText('+12% from last month')).toBeInTheDocument()
    expect(screen.getByText('-3% from last week')).toBeInTheDocument()
    expect(screen.getByText('+8% approval rate')).toBeInTheDocument()
    expect(screen.getByText('No data for last month')).toBeInTheDocument()
  })

  it('shows the book: premium and policies in force, and links to what expires within 30, 60 and 90 days', async () => {
    mockApplicationsApi(
      stub(bookFiguresCall, {
        body: {
          premiumInForce: 284_310.5,
          activePolicies: 131,
          expiring: { within30: 9, within60: 17, within90: 30 },
        },
      }),
    )
    renderApp('/')
    await waitFor(() => expect(screen.getByTestId('book-premium')).toHaveTextContent('$284,311'))
    expect(screen.getByTestId('book-policies')).toHaveTextContent('131')
    expect(screen.getByRole('link', { name: '17 within 60 days' })).toHaveAttribute(
      'href',
      '/policies?expiringWithinDays=60',
    )
  })

  it('falls back to zero when the statistics fail', async () => {
    mockApplicationsApi(stub(dashboardStatsCall, { status: 500, body: { message: 'down' } }))
    renderApp('/')
    await screen.findByRole('heading', { name: 'Total Applications' })
    await waitFor(() => expect(screen.getByTestId('stat-total')).toHaveTextContent('0'))
  })

  it('lists recent applications with a View link, and the carrier count for bulk ones', async () => {
    mockApplicationsApi(
      stub(listApplicationsCall, {
        body: {
          data: [
            sampleListItem(),
            sampleListItem({ id: 'b', carrier: null, carrierCount: 4, insuranceType: 'life' }),
          ],
          nextCursor: null,
        },
      }),
      stub(topCarriersCall, {
        body: { data: [{ id: 'c1', name: 'Cheap Mutual', applications: 3, status: 'maintenance' }] },
      }),
    )
    renderApp('/')
    const table = await screen.findByRole('table')
    expect(within(table).getAllByText('Ana Lopez')).toHaveLength(2)
    expect(within(table).getAllByText('AL')).toHaveLength(2)
    expect(within(table).getByText('4 carriers')).toBeInTheDocument()
    expect(within(table).getAllByText('Jan 5, 2025')).toHaveLength(2)
    expect(within(table).getAllByRole('link', { name: /View application/ })[0]).toHaveAttribute(
      'href',
      `/applications/${sampleListItem().id}`,
    )
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/applications')
    expect(await screen.findByText('3 apps')).toBeInTheDocument()
    expect(screen.getByText('(maintenance)')).toBeInTheDocument()
  })

  it('shows the empty state with no applications', async () => {
    mockApplicationsApi()
    renderApp('/')
    expect(await screen.findByText(APPLICATION_TEXTS.emptyDashboard)).toBeInTheDocument()
  })

  it('Add Client and the export action toast and navigate', async () => {
    mockApplicationsApi()
    const { router } = renderApp('/')
    fireEvent.click(await screen.findByRole('button', { name: 'Add Client' }))
    expect(await screen.findByText(DASHBOARD_TEXTS.addClientToast)).toBeInTheDocument()
    expect(screen.getByText(DASHBOARD_TEXTS.addClientToastTitle)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'))
    await router.navigate('/')
    fireEvent.click(await screen.findByRole('button', { name: 'Export Applications' }))
    // The click also starts loading the applications screen's chunk, this file's first visit
    // there: on a loaded CI machine that once kept both past the usual 3 s.
    const slowFirstVisit = { timeout: 10_000 }
    expect(await screen.findByText(DASHBOARD_TEXTS.exportToast, {}, slowFirstVisit)).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications'), slowFirstVisit)
  })

  it('creates a new client first and sends its id with the application', async () => {
    const fetchMock = mockApplicationsApi(
      stub(createClientCall, {
        status: 201,
        body: fullClient({ id: CLIENT_ID, firstName: 'Ana', lastName: 'Lopez' }),
      }),
      stub(createApplicationCall, { status: 201, body: sampleApplication() }),
    )
    renderApp('/')
    fireEvent.click((await screen.findAllByRole('button', { name: 'New Application' }))[0]!)
    const dialog = await wizardDialog()
    await walkToCarriers(dialog)
    fireEvent.click(within(dialog).getByRole('radio', { name: /All carriers/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: APPLICATION_TEXTS.submitAll }))
    expect(await screen.findByText(APPLICATION_TEXTS.created)).toBeInTheDocument()
    // The assistant's form suggestions (from the ZIP code typed) are not the application's calls.
    const posts = fetchMock.mock.calls
      .filter(([url, init]) => init?.method === 'POST' && !String(url).startsWith('/api/ai/'))
      .map(([url, init]) => [String(url), JSON.parse(String(init?.body))])
    expect(posts.map(([url]) => url)).toEqual(['/api/clients', '/api/applications'])
    expect(posts[0]![1]).toMatchObject({ firstName: 'Ana', ssn: '123-45-6789' })
    expect(posts[1]![1]).toMatchObject({
      clientId: CLIENT_ID,
      bulkSubmissionType: 'all_carriers',
      carrierFilters: null,
    })
    expect(posts[1]![1].clientData).toBeUndefined()
  })
  it('opens Smart Bulk Submission from a recent application and toasts the count of successes', async () => {
    const results = RECOMMENDATIONS.map((recommendation, index) =>
      sampleResult(recommendation, index === 0 ? {} : { status: 'failed', deliveryStatus: 'failed' }),
    )
    const fetchMock = mockApplicationsApi(
      stub(listApplicationsCall, { body: { data: [sampleListItem()], nextCursor: null } }),
      ...bulkSubmissionHandlers(results),
    )
    renderApp('/')
    fireEvent.click(await screen.findByRole('button', { name: `${BULK_TEXTS.smartSubmit} for Ana Lopez` }))
    await submitToAllRecommended()
    const title = await screen.findByText(BULK_TEXTS.completed, { selector: '[data-toast] *' })
    expect(title.closest('[data-toast]')).toHaveTextContent('1 of 3 submissions successful')
    const submit = fetchMock.mock.calls.find(([url]) => String(url) === '/api/bulk-submission/submit')
    expect(JSON.parse(String(submit?.[1]?.body))).toMatchObject({ applicationId: sampleListItem().id })
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/dashboard/stats')).toHaveLength(2),
    )
    const dialog = screen.getByRole('dialog', { name: BULK_TEXTS.title })
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: BULK_TEXTS.title })).toBeNull())
  })
})
