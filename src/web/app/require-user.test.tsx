import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AUTH_MESSAGES, AUTH_PAGES } from '#shared/contracts/auth.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { goToPage } from '#web/lib/browser-location.ts'
import { mockApi, SAMPLE_USER, stub, UNAUTHORIZED } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

vi.mock('#web/lib/browser-location.ts', () => ({ goToPage: vi.fn() }))

describe('auth gate and session expiry', () => {
  it('sends a signed-out visitor to /login without a toast', async () => {
    mockApi(stub(currentUserCall, UNAUTHORIZED))
    const { router } = renderApp('/clients')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.queryByText(AUTH_MESSAGES.sessionExpired)).not.toBeInTheDocument()
    expect(goToPage).not.toHaveBeenCalled()
  })

  it('shows the signed-in user in the menu footer with a sign-out link', async () => {
    mockApi(stub(currentUserCall, { body: SAMPLE_USER }), stub(unreadCountCall, { body: { unreadCount: 0 } }))
    renderApp('/clients')
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument()
    expect(screen.getAllByText('Dana Reyes').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Insurance Agent').length).toBeGreaterThan(0)
    expect(screen.getAllByRole('link', { name: 'Sign out' })[0]).toHaveAttribute('href', AUTH_PAGES.logout)
  })

  it('says the session ended and goes to /api/login 500 ms after a 401 on another call', async () => {
    mockApi(stub(currentUserCall, { body: SAMPLE_USER }), stub(unreadCountCall, UNAUTHORIZED))
    renderApp('/')
    expect(await screen.findByText(AUTH_MESSAGES.sessionExpired)).toBeInTheDocument()
    expect(screen.getByText(AUTH_MESSAGES.sessionExpiredTitle)).toBeInTheDocument()
    expect(goToPage).not.toHaveBeenCalled()
    await waitFor(() => expect(goToPage).toHaveBeenCalledWith(AUTH_PAGES.login), { timeout: 1500 })
    expect(goToPage).toHaveBeenCalledTimes(1)
  })
})
