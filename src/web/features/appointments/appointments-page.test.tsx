import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { APPOINTMENT_TEXTS } from '#shared/contracts/appointments.contract.ts'
import { listCarriersCall } from '#shared/contracts/carriers.contract.ts'
import { listClientsCall } from '#shared/contracts/clients.contract.ts'
import { AppRoutes } from '#web/app/router.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { mockAppointmentsApi } from './appointments.test-support.ts'

const T = APPOINTMENT_TEXTS

function Where() {
  const { pathname, search } = useLocation()
  return <output data-testid="where">{pathname + search}</output>
}

describe('Appointments page', () => {
  it('shows the title and the four tabs of the spec, the application first', async () => {
    mockAppointmentsApi()
    renderApp('/appointments')
    expect(await screen.findByRole('heading', { level: 1, name: T.title })).toBeInTheDocument()
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual([T.tabNew, T.tabDocuments, T.tabSubmit, T.tabHistory])
    expect(screen.getByRole('tab', { name: T.tabNew })).toHaveAttribute('aria-selected', 'true')
  })

  it('keeps the open tab in the address, so a reload opens it again', async () => {
    mockAppointmentsApi()
    const { router } = renderApp('/appointments?tab=history')
    expect(await screen.findByRole('tab', { name: T.tabHistory })).toHaveAttribute('aria-selected', 'true')
    fireEvent.click(screen.getByRole('tab', { name: T.tabSubmit }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=submit'))
    expect(screen.getByRole('tab', { name: T.tabSubmit })).toHaveAttribute('aria-selected', 'true')
  })

  it('opens the application for an unknown tab', async () => {
    mockAppointmentsApi()
    renderApp('/appointments?tab=nope')
    expect(await screen.findByRole('tab', { name: T.tabNew })).toHaveAttribute('aria-selected', 'true')
  })

  it('goes back to the previous page', async () => {
    mockAppointmentsApi(stub(listCarriersCall, { body: { data: [] } }))
    const { router } = renderApp('/')
    await router.navigate('/carriers')
    await router.navigate('/appointments')
    await screen.findByRole('heading', { level: 1, name: T.title })
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/carriers'))
  })

  it("goes back to the caller's path, kept across tab changes", async () => {
    mockAppointmentsApi(stub(listClientsCall, { body: { data: [], nextCursor: null } }))
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/', { pathname: '/appointments', state: { from: '/clients' } }]}>
          <AppRoutes />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    )
    fireEvent.click(await screen.findByRole('tab', { name: T.tabHistory }))
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/appointments?tab=history'))
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/clients$/))
  })

  it('goes to the dashboard when there is no page to go back to, and Close goes there too', async () => {
    mockAppointmentsApi()
    const { router } = renderApp('/appointments')
    await screen.findByRole('heading', { level: 1, name: T.title })
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})
