import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getApplicationCall, updateApplicationCall } from '#shared/contracts/applications.contract.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { transitionRefusal } from '#shared/domain/application-status.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { CLIENT_ID, mockApplicationsApi, sampleApplication } from './applications.test-support.ts'

const APP = sampleApplication()

describe('Application details', () => {
  it('shows the client link, the data block, submissions and history', async () => {
    mockApplicationsApi(stub(getApplicationCall, { body: APP }))
    renderApp(`/applications/${APP.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Application Details' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', `/clients/${CLIENT_ID}`)
    expect(screen.getByText('Vehicle make')).toBeInTheDocument()
    expect(screen.getByText('Toyota')).toBeInTheDocument()
    expect(screen.getByText('$500')).toBeInTheDocument()
    expect(screen.getByText('Received by the carrier')).toBeInTheDocument()
    expect(screen.getByText('Dana Reyes · Jan 5, 2025')).toBeInTheDocument()
  })

  it('offers the moves the status machine allows and sends the chosen one', async () => {
    let current = APP
    const fetchMock = mockApplicationsApi(
      stub(getApplicationCall, () => ({ body: current })),
      stub(updateApplicationCall, ({ body }) => {
        current = { ...APP, status: body.status! }
        return { body: current }
      }),
    )
    renderApp(`/applications/${APP.id}`)
    for (const name of ['Move to review', 'Approve', 'Reject', 'Withdraw to draft']) {
      expect(await screen.findByRole('button', { name })).toBeInTheDocument()
    }
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Carrier called' } })
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true))
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: 'approved', note: 'Carrier called' })
    expect(await screen.findByText('This application is final.')).toBeInTheDocument()
  })

  it('toasts a refused move with the server message', async () => {
    const message = transitionRefusal('pending', 'approved')
    mockApplicationsApi(
      stub(getApplicationCall, { body: APP }),
      stub(updateApplicationCall, { status: 409, body: { message } }),
    )
    renderApp(`/applications/${APP.id}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }))
    const toast = await screen.findByText(APPLICATION_TEXTS.updateFailed)
    expect(within(toast.parentElement as HTMLElement).getByText(message)).toBeInTheDocument()
  })
})
