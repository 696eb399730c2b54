import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { applicationSummaryCall, listApplicationsCall } from '#shared/contracts/applications.contract.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import {
  bulkSubmissionHandlers,
  RECOMMENDATIONS,
  sampleResult,
  submitToAllRecommended,
} from '#web/features/bulk-submission/bulk-submission.test-support.tsx'
import { stub, stubFile } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { CARRIERS, EMPTY_SUMMARY, mockApplicationsApi, sampleListItem } from './applications.test-support.ts'
import { exportFileName } from './export-applications.ts'

const listUrls = (fetchMock: ReturnType<typeof mockApplicationsApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/applications?'))

describe('Applications page', () => {
  it('shows the empty state and no promo without applications', async () => {
    mockApplicationsApi()
    renderApp('/applications')
    expect(await screen.findByText(APPLICATION_TEXTS.emptyList)).toBeInTheDocument()
    expect(screen.queryByText(APPLICATION_TEXTS.promo)).not.toBeInTheDocument()
  })

  it('shows the counts, the promo and rows that open the details, a page at a time', async () => {
    const fetchMock = mockApplicationsApi(
      stub(applicationSummaryCall, {
        body: { ...EMPTY_SUMMARY, total: 3, pending: 1, approved: 1, draft: 1 },
      }),
      stub(listApplicationsCall, ({ url }) =>
        url.searchParams.get('cursor')
          ? {
              body: {
                data: [
                  sampleListItem({
                    id: 'second',
                    client: {
                      id: 'c2',
                      firstName: 'Bo',
                      lastName: 'Kim',
                      email: null,
                      state: null,
                      zipCode: null,
                      age: null,
                    },
                  }),
                ],
                nextCursor: null,
              },
            }
          : { body: { data: [sampleListItem()], nextCursor: 'next-page' } },
      ),
    )
    renderApp('/applications')
    expect(await screen.findByText(APPLICATION_TEXTS.promo)).toBeInTheDocument()
    expect(screen.getByTestId('applications-total')).toHaveTextContent('3')
    expect(screen.getByTestId('applications-draft')).toHaveTextContent('1')
    const row = screen.getByRole('link', { name: /Ana Lopez/ })
    expect(row).toHaveAttribute('href', `/applications/${sampleListItem().id}`)
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Bo Kim')).toBeInTheDocument()
    expect(listUrls(fetchMock).some((url) => url.includes('cursor=next-page'))).toBe(true)
  })

  it('applies the filter panel to the list query and to the export', async () => {
    const fetchMock = mockApplicationsApi(
      stubFile('GET', '/api/applications/export', { body: 'id,status\n' }),
    )
    URL.createObjectURL = vi.fn(() => 'blob:csv')
    URL.revokeObjectURL = vi.fn()
    const { router } = renderApp('/applications')
    fireEvent.click(await screen.findByRole('button', { name: 'Filter' }))
    const panel = await screen.findByRole('dialog', { name: 'Filter applications' })
    fireEvent.change(within(panel).getByLabelText('Status'), { target: { value: 'pending' } })
    fireEvent.change(within(panel).getByLabelText('Insurance type'), { target: { value: 'life' } })
    await within(panel).findByRole('option', { name: CARRIERS[0]!.name })
    fireEvent.change(within(panel).getByLabelText('Carrier'), { target: { value: CARRIERS[0]!.id } })
    fireEvent.change(within(panel).getByLabelText('From'), { target: { value: '2025-01-01' } })
    fireEvent.change(within(panel).getByLabelText('To'), { target: { value: '2025-01-31' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply filters' }))
    await waitFor(() =>
      expect(listUrls(fetchMock).at(-1)).toBe(
        `/api/applications?status=pending&type=life&carrierId=${CARRIERS[0]!.id}&from=2025-01-01&to=2025-01-31&limit=20`,
      ),
    )
    expect(router.state.location.search).toContain('status=pending')
    expect(await screen.findByText('No applications match these filters.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Export' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        `/api/applications/export?status=pending&type=life&carrierId=${CARRIERS[0]!.id}&from=2025-01-01&to=2025-01-31`,
      ),
    )
    expect(await screen.findByText(/Downloaded applications-/)).toBeInTheDocument()
  })

  it('names the export file from Content-Disposition, or by date', () => {
    expect(exportFileName('attachment; filename="apps-june.csv"')).toBe('apps-june.csv')
    expect(exportFileName(null, new Date('2025-03-04T10:00:00Z'))).toBe('applications-2025-03-04.csv')
  })

  it('opens the wizard from ?new=1 and drops the parameter on Cancel', async () => {
    mockApplicationsApi()
    const { router } = renderApp('/applications?new=1')
    const dialog = await screen.findByRole('dialog', { name: APPLICATION_TEXTS.dialogTitle })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByRole('dialog', { name: APPLICATION_TEXTS.dialogTitle })).toBeNull()
  })
  it('reports "n successful, m failed submissions" after a Smart Submit, in place of the modal toast', async () => {
    const results = [
      sampleResult(RECOMMENDATIONS[0]!),
      sampleResult(RECOMMENDATIONS[1]!),
      sampleResult(RECOMMENDATIONS[2]!, { status: 'failed', deliveryStatus: 'failed' }),
    ]
    const fetchMock = mockApplicationsApi(
      stub(listApplicationsCall, { body: { data: [sampleListItem()], nextCursor: null } }),
      ...bulkSubmissionHandlers(results),
    )
    renderApp('/applications')
    fireEvent.click(await screen.findByRole('button', { name: `${BULK_TEXTS.smartSubmit} for Ana Lopez` }))
    await submitToAllRecommended()
    const toast = await screen.findByText('2 successful, 1 failed submissions')
    expect(toast.closest('[data-toast]')).toHaveTextContent(BULK_TEXTS.completed)
    expect(screen.queryByText('2 of 3 submissions successful', { selector: '[data-toast] *' })).toBeNull()
    await waitFor(() => expect(listUrls(fetchMock)).toHaveLength(2))
  })

  it('reports a bulk submission where none succeeded in the destructive style', async () => {
    const failed = RECOMMENDATIONS.map((recommendation) =>
      sampleResult(recommendation, { status: 'failed', deliveryStatus: 'failed' }),
    )
    mockApplicationsApi(
      stub(listApplicationsCall, { body: { data: [sampleListItem()], nextCursor: null } }),
      ...bulkSubmissionHandlers(failed),
    )
    renderApp('/applications')
    fireEvent.click(await screen.findByRole('button', { name: `${BULK_TEXTS.smartSubmit} for Ana Lopez` }))
    await submitToAllRecommended()
    const toast = (await screen.findByText('0 successful, 3 failed submissions')).closest('[data-toast]')
    expect(toast).toHaveTextContent(BULK_TEXTS.bulkFailed)
    expect(toast).toHaveClass('bg-red-700')
  })
})
