import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { getApplicationCall } from '#shared/contracts/applications.contract.ts'
import type { CarrierSubmission } from '#shared/contracts/carrier-delivery.contract.ts'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import { QUEUED_REFRESH_MS } from '#web/features/applications/application-details-page.tsx'
import {
  mockApplicationsApi,
  sampleApplication,
  sampleSubmission,
} from '#web/features/applications/applications.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

const PDF = sampleSubmission({
  id: '00000000-0000-4000-8000-000000000701',
  carrierName: 'Paper Life',
  status: 'action_required',
  method: 'pdf',
  message: 'Send the packet to the carrier',
  confirmationNumber: null,
  attempts: 1,
  documentId: 'doc-1',
  history: [
    {
      fromStatus: 'queued',
      toStatus: 'action_required',
      source: 'delivery',
      message: 'Packet ready',
      createdAt: '2025-01-05T12:00:00.000Z',
    },
  ],
})
const FAILED = sampleSubmission({
  id: '00000000-0000-4000-8000-000000000702',
  carrierName: 'Flaky Casualty',
  status: 'failed',
  message: 'Carrier API answered 503',
  confirmationNumber: null,
  attempts: 3,
})

const pathOf = (app: { id: string }) => `/api/applications/${app.id}`
const item = (name: string) => screen.getByRole('article', { name })

function detailsWith(submissions: CarrierSubmission[]) {
  const app = sampleApplication({ submissions })
  let current = app
  const fetchMock = mockApplicationsApi(stub(getApplicationCall, () => ({ body: current })))
  renderApp(`/applications/${app.id}`)
  return { app, fetchMock, setCurrent: (next: typeof app) => (current = next) }
}

describe('Application details: carrier submissions', () => {
  it('shows each submission with its status, method, attempts and its history on request', async () => {
    detailsWith([PDF, FAILED])
    const pdf = await screen.findByRole('article', { name: 'Paper Life' })
    expect(within(pdf).getByText('Action required')).toBeInTheDocument()
    expect(pdf).toHaveTextContent('PDF submission · 1 attempt · Updated Jan 5, 2025')
    expect(item('Flaky Casualty')).toHaveTextContent('3 attempts')
    expect(screen.getByText('2 carriers: 1 action required, 1 failed')).toBeInTheDocument()
    fireEvent.click(within(pdf).getByText('History (1)'))
    expect(within(pdf).getByText('Queued → Action required')).toBeVisible()
    expect(within(pdf).getByText('Packet ready')).toBeVisible()
    expect(within(pdf).getByText(/^Delivery · Jan 5, 2025/)).toBeInTheDocument()
  })

  it('links the packet and marks it sent with the confirmation number', async () => {
    const { app, fetchMock, setCurrent } = detailsWith([PDF])
    fetchMock.mockClear()
    const markSent = `/api/submissions/${PDF.id}/mark-sent`
    const sent = { ...PDF, status: 'sent' as const, confirmationNumber: 'PL-42' }
    const handlers = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== markSent) return handlers(input, init)
      setCurrent({ ...app, submissions: [sent] })
      return new Response(JSON.stringify(sent), { status: 200 })
    })
    const pdf = await screen.findByRole('article', { name: 'Paper Life' })
    expect(within(pdf).getByRole('link', { name: 'Download packet for Paper Life' })).toHaveAttribute(
      'href',
      documentDownloadPath('doc-1'),
    )
    expect(within(pdf).queryByRole('button', { name: 'Retry' })).toBeNull()
    fireEvent.click(within(pdf).getByRole('button', { name: 'Mark as sent' }))
    fireEvent.change(within(pdf).getByLabelText('Confirmation number (optional)'), {
      target: { value: 'PL-42' },
    })
    fireEvent.click(within(pdf).getByRole('button', { name: 'Confirm sent' }))
    await waitFor(() => expect(within(item('Paper Life')).getByText('Sent')).toBeInTheDocument())
    expect(item('Paper Life')).toHaveTextContent('Confirmation PL-42')
    const call = fetchMock.mock.calls.find(([url]) => String(url) === markSent)
    expect(call?.[1]?.method).toBe('POST')
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ confirmationNumber: 'PL-42' })
    expect(within(item('Paper Life')).queryByRole('button', { name: 'Mark as sent' })).toBeNull()
  })

  it('retries a failed delivery and shows it queued', async () => {
    const { app, fetchMock, setCurrent } = detailsWith([FAILED])
    const retry = `/api/submissions/${FAILED.id}/retry`
    const queued = { ...FAILED, status: 'queued' as const, message: 'Queued again' }
    const handlers = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== retry) return handlers(input, init)
      setCurrent({ ...app, submissions: [queued] })
      return new Response(JSON.stringify(queued), { status: 200 })
    })
    const failed = await screen.findByRole('article', { name: 'Flaky Casualty' })
    expect(within(failed).queryByRole('link', { name: /Download packet/ })).toBeNull()
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(within(item('Flaky Casualty')).getByText('Queued')).toBeInTheDocument())
    expect(item('Flaky Casualty')).toHaveTextContent('Queued again')
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === retry && init?.method === 'POST')).toBe(
      true,
    )
  })

  it('toasts a refused retry with the server message', async () => {
    const { fetchMock } = detailsWith([FAILED])
    const handlers = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/retry')
        ? new Response(JSON.stringify({ message: 'Approved submissions are final' }), { status: 409 })
        : handlers(input, init),
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }))
    const title = await screen.findByText('Retry failed')
    expect(title.closest('[data-toast]')).toHaveTextContent('Approved submissions are final')
  })

  it('shows a status the carrier reported by webhook on Refresh', async () => {
    const { app, setCurrent } = detailsWith([sampleSubmission()])
    const row = await screen.findByRole('article', { name: 'Cheap Mutual' })
    expect(within(row).getByText('Sent')).toBeInTheDocument()
    setCurrent({ ...app, submissions: [sampleSubmission({ status: 'approved', message: 'Policy issued' })] })
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(within(item('Cheap Mutual')).getByText('Approved')).toBeInTheDocument())
    expect(item('Cheap Mutual')).toHaveTextContent('Policy issued')
  })

  it('looks again every few seconds while a delivery is queued, and stops after', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { app, fetchMock, setCurrent } = detailsWith([sampleSubmission({ status: 'queued' })])
    await screen.findByRole('article', { name: 'Cheap Mutual' })
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url) === pathOf(app)).length
    expect(reads()).toBe(1)
    setCurrent({ ...app, submissions: [sampleSubmission({ status: 'sent' })] })
    await act(() => vi.advanceTimersByTimeAsync(QUEUED_REFRESH_MS))
    await waitFor(() => expect(within(item('Cheap Mutual')).getByText('Sent')).toBeInTheDocument())
    expect(reads()).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(QUEUED_REFRESH_MS * 2))
    expect(reads()).toBe(2)
  })
})
